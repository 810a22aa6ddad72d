// First: configures zod before any schema is built (see the module).
import './app/zodConfig.ts';
import 'primereact/resources/themes/lara-light-teal/theme.css';
import 'primereact/resources/primereact.min.css';
import 'primeicons/primeicons.css';
import './app/styles/index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createApp } from './app/App.tsx';
import { locale } from './i18n/i18n.ts';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

// The page's language is the catalogue's (screen readers, hyphenation, spelling).
document.documentElement.lang = locale();

const app = createApp();

createRoot(container).render(
  <StrictMode>
    <App queryClient={app.queryClient} router={app.router} />
  </StrictMode>,
);
