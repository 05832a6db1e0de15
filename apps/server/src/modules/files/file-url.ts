export const fileUrl = (id: string | null | undefined): string | null => (id ? `/base/v2/files/${id}` : null);
