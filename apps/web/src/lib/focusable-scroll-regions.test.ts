import { afterEach, describe, expect, it } from 'vitest';
import { keepScrollRegionsFocusable } from './focusable-scroll-regions';

describe('keepScrollRegionsFocusable', () => {
  let stop: () => void = () => {};
  afterEach(() => {
    stop();
    document.body.innerHTML = '';
  });

  it('makes the scroll containers of tables focusable, those already there and those added later, and leaves others alone', async () => {
    document.body.innerHTML = '<div class="ant-table-content" id="a"></div><div class="other" id="b"></div>';
    stop = keepScrollRegionsFocusable();
    expect(document.getElementById('a')!.getAttribute('tabindex')).toBe('0');
    expect(document.getElementById('b')!.hasAttribute('tabindex')).toBe(false);

    const later = document.createElement('section');
    later.innerHTML = '<div class="ant-table"><div class="ant-table-body" id="c"></div></div><div class="ant-table-content" id="d" tabindex="-1"></div>';
    document.body.appendChild(later);
    const direct = document.createElement('div');
    direct.className = 'ant-table-content';
    document.body.appendChild(direct);
    await new Promise((r) => setTimeout(r, 0));
    expect(document.getElementById('c')!.getAttribute('tabindex')).toBe('0');
    // A container that chose its own tabindex keeps it.
    expect(document.getElementById('d')!.getAttribute('tabindex')).toBe('-1');
    expect(direct.getAttribute('tabindex')).toBe('0');
  });

  it('stops when asked', async () => {
    stop = keepScrollRegionsFocusable();
    stop();
    const el = document.createElement('div');
    el.className = 'ant-table-body';
    document.body.appendChild(el);
    await new Promise((r) => setTimeout(r, 0));
    expect(el.hasAttribute('tabindex')).toBe(false);
  });
});
