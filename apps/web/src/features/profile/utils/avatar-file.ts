import { MAX_IMAGE_BYTES } from '@portal/contract/roles';

export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export const AVATAR_ACCEPT = '.jpg,.jpeg,.png,.gif,.webp';

/** Checked before sending so a wrong file fails at once; the server checks again. Returns a message key or null. */
export function avatarFileError(file: Pick<File, 'type' | 'size'>): 'error.upload.type' | 'error.upload.size' | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return 'error.upload.type';
  if (file.size >= MAX_IMAGE_BYTES) return 'error.upload.size';
  return null;
}
