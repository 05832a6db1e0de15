import { useMemo } from 'react';
import { Select, type SelectProps } from 'antd';
import { dialCodes } from '@portal/contract/countries';

/** International dialling codes, searchable by digits ("86", "+852"). */
export function AreaCodeSelect(props: SelectProps<string>) {
  const options = useMemo(() => dialCodes().map((d) => ({ value: d, label: `+${d}` })), []);
  return (
    <Select<string>
      showSearch={{ filterOption: (input, option) => String(option?.value ?? '').startsWith(input.trim().replace(/^\+/, '')) }}
      options={options}
      popupMatchSelectWidth={120}
      {...props}
    />
  );
}
