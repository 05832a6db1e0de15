import type { CSSProperties, InputHTMLAttributes, ReactNode } from 'react';
import './light-fields.css';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'style' | 'prefix'> {
  status?: '' | 'error' | 'warning';
  /** The icon at the end of the box: antd's arrow for a select, its calendar for a date. */
  suffix: ReactNode;
  suffixKind?: 'arrow' | 'calendar';
  /** An icon before the text (antd's `prefix`). */
  prefix?: ReactNode;
  /** The box's own style (a width), as antd's `style`. */
  style?: CSSProperties;
}

/**
 * The closed look of antd's outlined Select or DatePicker, a plain input inside (light-fields.css): what a field of the
 * first render shows until antd's component is loaded (lib/deferred.ts).
 */
export function LightBox({ status, suffix, suffixKind = 'arrow', prefix, style, ...input }: Props) {
  return (
    <span className={status === 'error' ? 'portal-light-box portal-light-box--error' : 'portal-light-box'} style={style}>
      {prefix && (
        <span className="portal-light-prefix" aria-hidden>
          {prefix}
        </span>
      )}
      <input autoComplete="off" aria-invalid={status === 'error' || undefined} {...input} />
      <span className={`portal-light-suffix portal-light-suffix--${suffixKind}`} aria-hidden>
        {suffix}
      </span>
    </span>
  );
}
