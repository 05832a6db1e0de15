import { MAX_IMAGE_BYTES } from '@portal/contract/roles';

export const LOGO_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export const LOGO_ACCEPT = '.jpg,.jpeg,.png,.gif,.webp,image/jpeg,image/png,image/gif,image/webp';
const LOGO_EXTENSIONS = /\.(jpe?g|png|gif|webp)$/i;

/** The server's own message keys for a refused image (contract messages, so every language has them). */
export type LogoProblem = 'error.upload.type' | 'error.upload.size';

/**
 * Refuses what the server would refuse before spending the upload, with the server's own message keys.
 * Shared by every logo upload (company, sub-agency) because the server checks both with one function.
 * Some systems give no MIME type, so the extension decides then.
 */
export function checkLogoFile(file: Pick<File, 'name' | 'type' | 'size'>): LogoProblem | null {
  const typeOk = file.type ? (LOGO_MIME_TYPES as readonly string[]).includes(file.type) : LOGO_EXTENSIONS.test(file.name);
  if (!typeOk) return 'error.upload.type';
  if (file.size >= MAX_IMAGE_BYTES) return 'error.upload.size';
  return null;
}
