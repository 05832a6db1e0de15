import { DatePicker } from 'antd';
import { DateField, type DateFieldProps } from './DateField';

/** A calendar date, picked or typed (DateField.tsx), with antd's DatePicker loaded with the page. */
export function DateInput(props: DateFieldProps) {
  return <DateField {...props} DatePicker={DatePicker} />;
}
