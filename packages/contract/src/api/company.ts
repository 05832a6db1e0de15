import { z } from 'zod';

/** Service flags are absent on purpose: only the parent agency sets them (agency management). */
export const UpdateCompanyBody = z.object({
  name: z.string().trim().min(1, 'validation.required').max(120, 'validation.tooLong'),
  alias: z.string().trim().max(60, 'validation.tooLong').nullish(),
  address: z.string().trim().max(255, 'validation.tooLong').nullish(),
});
export type UpdateCompanyBody = z.infer<typeof UpdateCompanyBody>;

export const UploadAnswer = z.object({ url: z.string() }).meta({ id: 'UploadAnswer' });
