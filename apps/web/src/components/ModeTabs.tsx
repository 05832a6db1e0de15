import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import './mode-tabs.css';

export interface ModeTab<K extends string> {
  key: K;
  label: ReactNode;
}

interface Props<K extends string> {
  tabs: readonly ModeTab<K>[];
  active: K;
  onChange: (key: K) => void;
  /** The panel: what the active tab shows. */
  children: ReactNode;
  /** Names the tab list for assistive technology. */
  label?: string;
}

/**
 * A tab strip over one panel, for switching a form's mode. Not antd's Tabs (issue 14, the flight search page's weight
 * and blocking time): that measures every tab in a layout effect on mount (a forced layout while antd is still
 * injecting styles, ~50 ms of a phone's first render) and brings its overflow menu (rc-menu, rc-dropdown, ~13 kB). Here
 * the strip scrolls sideways when narrow, and the WAI-ARIA tabs pattern (roving focus, arrow keys, Home, End, automatic
 * activation) is kept.
 */
export function ModeTabs<K extends string>({ tabs, active, onChange, children, label }: Props<K>) {
  const id = useId();
  const list = useRef<HTMLDivElement>(null);
  const tabId = (key: K) => `${id}-tab-${key}`;

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const at = tabs.findIndex((t) => t.key === active);
    const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    const tab = tabs[(next + tabs.length) % tabs.length];
    onChange(tab.key);
    list.current?.querySelector<HTMLElement>(`#${CSS.escape(tabId(tab.key))}`)?.focus();
  };

  return (
    <div className="portal-mode-tabs">
      <div role="tablist" aria-label={label} className="portal-mode-tabs-list" ref={list} onKeyDown={onKeyDown}>
        {tabs.map((tab) => {
          const selected = tab.key === active;
          return (
            <button
              key={tab.key}
              id={tabId(tab.key)}
              type="button"
              role="tab"
              aria-selected={selected}
              aria-controls={`${id}-panel`}
              tabIndex={selected ? 0 : -1}
              className="portal-mode-tab"
              onClick={() => onChange(tab.key)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={tabId(active)} className="portal-mode-tabs-panel">
        {children}
      </div>
    </div>
  );
}
