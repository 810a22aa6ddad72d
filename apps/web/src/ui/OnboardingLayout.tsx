import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { WaymarkLogo } from './WaymarkLogo.tsx';

interface OnboardingLayoutProps {
  /** Heading area above the content (title, subtitle). */
  header?: ReactNode;
  /** Side panel, shown from medium screens up. */
  aside?: ReactNode;
  children: ReactNode;
}

/**
 * Layout of the sign-in and other onboarding pages (SPEC §2): a fixed logo header, an optional side
 * panel from medium screens up and a centred content column at most 480 px wide.
 */
export function OnboardingLayout({ header, aside, children }: OnboardingLayoutProps) {
  const hasAside = aside !== undefined;
  return (
    <div className={hasAside ? 'onboarding onboarding--with-aside' : 'onboarding'}>
      <div className="onboarding__logo">
        <Link to="/" aria-label="Home">
          <WaymarkLogo />
        </Link>
      </div>
      {hasAside && <aside className="onboarding__aside">{aside}</aside>}
      <main className="onboarding__main">
        <section className="onboarding__column">
          {header && <header className="onboarding__header">{header}</header>}
          {children}
        </section>
      </main>
    </div>
  );
}
