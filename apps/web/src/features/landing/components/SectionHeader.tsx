interface SectionHeaderProps {
  eyebrow: string;
  title: string;
  subtitle?: string;
  /** Centred headers open a section; left-aligned ones sit beside content in a two-column layout. */
  align?: 'center' | 'start';
  id?: string;
}

export function SectionHeader({ eyebrow, title, subtitle, align = 'center', id }: SectionHeaderProps) {
  return (
    <header className={`lp-section-header lp-section-header--${align}`}>
      <p className="lp-eyebrow">{eyebrow}</p>
      <h2 className="lp-section-title" id={id}>
        {title}
      </h2>
      {subtitle && <p className="lp-section-subtitle">{subtitle}</p>}
    </header>
  );
}
