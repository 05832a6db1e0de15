import type { ReactNode } from 'react';
import './light-fields.css';

interface Props {
  /** The label, above the control; none for a button in a row of fields (the row lines them up at the bottom). */
  label?: ReactNode;
  /** The id of the control the label names. */
  htmlFor?: string;
  /** The field's message (an error), shown under it. */
  help?: ReactNode;
  children: ReactNode;
}

/**
 * A form field laid out as antd's vertical Form.Item (label above, message below), without antd's Form: the flight
 * search keeps its values in its own state and checks them itself, so Form's engine (rc-field-form and its validator,
 * about 28 kB) was weight the page carried for its layout alone (issue 14).
 */
export function Field({ label, htmlFor, help, children }: Props) {
  return (
    <div className={help ? 'portal-field portal-field--with-help' : 'portal-field'}>
      {label && (
        <label className="portal-field-label" htmlFor={htmlFor}>
          {label}
        </label>
      )}
      {children}
      {help && (
        <div className="portal-field-help">
          {help}
        </div>
      )}
    </div>
  );
}
