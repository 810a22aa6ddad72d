import type { ProjectDetail } from '@waymark/contract';
import { createContext } from 'react';

/** The loaded project, handed by the project frame to its tabs (which render only once it loaded). */
export const CurrentProjectContext = createContext<ProjectDetail | null>(null);
