import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import './legal.css';

interface LegalDocumentProps {
  /** Locale subtree under `legal.`: `terms` or `privacy`. */
  doc: 'terms' | 'privacy';
  /** Section ids in reading order; texts live in `legal.<doc>.sections.<id>.{heading,body[]}`. */
  sections: readonly string[];
}

/** A legal text with a table of contents: long documents need a way to jump to the clause one is looking for. */
export function LegalDocument({ doc, sections }: LegalDocumentProps) {
  const { t } = useTranslation();
  const anchor = (id: string) => `legal-${doc}-${id}`;
  // Paragraph lists come as arrays; a missing translation comes back as the key string, shown as one paragraph.
  const paragraphs = (id: string): string[] => {
    const body: unknown = t(`legal.${doc}.sections.${id}.body`, { returnObjects: true });
    return Array.isArray(body) ? body.map(String) : [String(body)];
  };

  return (
    <article className="legal" aria-labelledby={`legal-${doc}-title`}>
      <header className="legal-header">
        <Typography.Title level={1} id={`legal-${doc}-title`} className="legal-title">
          {t(`legal.${doc}.title`)}
        </Typography.Title>
        <Typography.Text type="secondary">{t('legal.updated')}</Typography.Text>
        <Typography.Paragraph className="legal-intro">{t(`legal.${doc}.intro`)}</Typography.Paragraph>
      </header>
      <div className="legal-body">
        <nav className="legal-toc" aria-label={t('legal.contents')}>
          <Typography.Text strong>{t('legal.contents')}</Typography.Text>
          <ol>
            {sections.map((id) => (
              <li key={id}>
                {/* A button, not a hash link: a hash would be a router navigation for a jump within the page. */}
                <button type="button" onClick={() => document.getElementById(anchor(id))?.scrollIntoView({ behavior: 'smooth' })}>
                  {t(`legal.${doc}.sections.${id}.heading`)}
                </button>
              </li>
            ))}
          </ol>
        </nav>
        <div className="legal-sections">
          {sections.map((id) => (
            <section key={id} id={anchor(id)} className="legal-section">
              <Typography.Title level={2} className="legal-heading">
                {t(`legal.${doc}.sections.${id}.heading`)}
              </Typography.Title>
              {paragraphs(id).map((p, i) => (
                <Typography.Paragraph key={i}>{p}</Typography.Paragraph>
              ))}
            </section>
          ))}
        </div>
      </div>
    </article>
  );
}
