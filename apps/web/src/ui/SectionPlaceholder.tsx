interface SectionPlaceholderProps {
  title: string;
  description: string;
  icon: string;
}

/** A card standing in for a section (e.g. a project tab) that a later issue fills in. */
export function SectionPlaceholder({ title, description, icon }: SectionPlaceholderProps) {
  return (
    <section className="placeholder-card" aria-label={title}>
      <span className="placeholder-card__icon" aria-hidden="true">
        <i className={icon} />
      </span>
      <h2 className="card__title">{title}</h2>
      <p className="placeholder-card__text">{description}</p>
    </section>
  );
}
