import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES } from '@portal/contract/roles';
import { checkLogoFile } from './logo-file';

describe('checkLogoFile', () => {
  it('accepts jpg, png, gif and webp under 2 MB', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/gif', 'image/webp']) {
      expect(checkLogoFile({ name: 'logo', type, size: 1000 })).toBeNull();
    }
  });

  it('falls back to the extension when the browser gives no type', () => {
    expect(checkLogoFile({ name: 'logo.JPG', type: '', size: 1000 })).toBeNull();
    expect(checkLogoFile({ name: 'logo.svg', type: '', size: 1000 })).toBe('error.upload.type');
  });

  it('refuses other types, and files of 2 MB or more', () => {
    expect(checkLogoFile({ name: 'logo.svg', type: 'image/svg+xml', size: 1000 })).toBe('error.upload.type');
    expect(checkLogoFile({ name: 'logo.pdf', type: 'application/pdf', size: 1000 })).toBe('error.upload.type');
    expect(checkLogoFile({ name: 'logo.png', type: 'image/png', size: MAX_IMAGE_BYTES })).toBe('error.upload.size');
    expect(checkLogoFile({ name: 'logo.png', type: 'image/png', size: MAX_IMAGE_BYTES - 1 })).toBeNull();
  });
});
