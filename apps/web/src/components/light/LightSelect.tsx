import type { CSSProperties, ReactNode } from 'react';
import { DownOutlined } from '@ant-design/icons';
import { LightBox } from './LightBox';
import { useLightField } from './use-light-field';
import { selectWidget } from './widgets';

interface Props<V extends string> {
  id?: string;
  'aria-label': string;
  value: V;
  options: { value: V; label: string }[];
  onChange: (value: V) => void;
  onOpenChange?: (open: boolean) => void;
  prefix?: ReactNode;
  style?: CSSProperties;
  /** Typing filters the options (antd's `showSearch`), once the select is loaded. */
  showSearch?: boolean;
}

/**
 * A short list to choose from (the cabin class), drawn as a light box showing the choice until antd's Select is
 * loaded (lib/deferred.ts), which then takes over, open when the user had clicked the box.
 */
export function LightSelect<V extends string>({ id, value, options, onChange, onOpenChange, prefix, style, showSearch, ...rest }: Props<V>) {
  const { module: widget, focused, clicked, setClicked, handlers } = useLightField(selectWidget);
  if (widget) {
    const Select = widget.default;
    return (
      <Select<V>
        id={id}
        prefix={prefix}
        style={style}
        onOpenChange={onOpenChange}
        showSearch={showSearch}
        aria-label={rest['aria-label']}
        value={value}
        options={options}
        onChange={onChange}
        autoFocus={focused}
        defaultOpen={focused && clicked}
      />
    );
  }
  return (
    <LightBox
      id={id}
      aria-label={rest['aria-label']}
      prefix={prefix}
      style={style}
      readOnly
      value={options.find((o) => o.value === value)?.label ?? ''}
      suffix={<DownOutlined />}
      {...handlers}
      onKeyDown={(e) => {
        if (e.key === 'ArrowDown' || e.key === 'Enter' || e.key === ' ') setClicked(true);
      }}
    />
  );
}
