import type { ReactNode } from 'react';

interface PagePlaceholderProps {
  title: string;
  description: string;
  /** A primeicons class for the card's icon. */
  icon?: string;
  children?: ReactNode;
}

/** A tidy stand-in for screens that later issues fill in: a heading and a short sentence. */
export function PagePlaceholder({
  title,
  description,
  icon = 'pi pi-compass',
  children,
}: PagePlaceholderProps) {
  return (
    <div className="page">
      <h1 className="page__title">{title}</h1>
      <section className="placeholder-card">
        <span className="placeholder-card__icon" aria-hidden="true">
          <i className={icon} />
        </span>
        <p className="placeholder-card__text">{description}</p>
        {children}
      </section>
    </div>
  );
}
