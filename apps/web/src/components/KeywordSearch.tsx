import { useState, type CSSProperties } from 'react';
import { Input } from 'antd';

interface Props {
  /** The keyword in the URL query (undefined when none). */
  value: string | undefined;
  /** Called on Enter, the search button or clearing; a blank box searches for nothing (undefined). */
  onSearch: (keyword: string | undefined) => void;
  /** Placeholder, and the box's accessible name. */
  label: string;
  maxLength: number;
  style?: CSSProperties;
}

/**
 * The keyword box of a list's filter bar, for lists whose filters live in the URL. It is edited locally and searched on
 * Enter or the button, not on every keystroke, and follows the URL when that changes from outside (back button,
 * "clear filters"). The users and user-log filters use it too.
 */
export function KeywordSearch({ value, onSearch, label, maxLength, style }: Props) {
  const [keyword, setKeyword] = useState(value ?? '');
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setKeyword(value ?? '');
  }

  return (
    <Input.Search
      value={keyword}
      onChange={(e) => setKeyword(e.target.value)}
      onSearch={(next) => onSearch(next.trim() || undefined)}
      placeholder={label}
      aria-label={label}
      allowClear
      maxLength={maxLength}
      style={style}
    />
  );
}
