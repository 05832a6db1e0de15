import { z } from 'zod';
import { PageQuery } from './common.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9 ()-]{5,20}$/;

/**
 * Partnership form (spec points 3 and 5). `contact` is the "email or phone" field: required, and when it looks like
 * an email it must be a valid one. Length bounds are ours (the spec leaves them open).
 */
export const ApplicationBody = z.object({
  name: z.string({ error: 'validation.application.name' }).trim().min(1, 'validation.application.name').max(100, 'validation.tooLong'),
  contact: z
    .string({ error: 'validation.application.contact' })
    .trim()
    .min(1, 'validation.application.contact')
    .max(254, 'validation.tooLong')
    .superRefine((v, ctx) => {
      if (v.includes('@')) {
        if (!EMAIL.test(v)) ctx.addIssue({ code: 'custom', message: 'validation.email.format' });
      } else if (!PHONE.test(v)) {
        ctx.addIssue({ code: 'custom', message: 'validation.application.contact' });
      }
    }),
  phone: z.string().trim().max(30, 'validation.tooLong').refine((v) => v === '' || PHONE.test(v), 'validation.phone.format').nullish(),
  country: z.string({ error: 'validation.application.country' }).regex(/^[A-Z]{2}$/, 'validation.application.country'),
  companyName: z.string().trim().max(200, 'validation.tooLong').nullish(),
  companyAddress: z.string().trim().max(300, 'validation.tooLong').nullish(),
  website: z
    .string()
    .trim()
    .max(300, 'validation.tooLong')
    .refine((v) => v === '' || /^(https?:\/\/)?[\w-]+(\.[\w-]+)+([/?#].*)?$/i.test(v), 'validation.url.format')
    .nullish(),
  remarks: z.string().trim().max(2000, 'validation.tooLong').nullish(),
});
export type ApplicationBody = z.input<typeof ApplicationBody>;

export const ApplicationItem = z.object({
  id: z.string(),
  name: z.string(),
  contact: z.string(),
  phone: z.string().nullable(),
  country: z.string(),
  companyName: z.string().nullable(),
  companyAddress: z.string().nullable(),
  website: z.string().nullable(),
  remarks: z.string().nullable(),
  language: z.string(),
  createdAt: z.string(),
});
export type ApplicationItem = z.infer<typeof ApplicationItem>;
export const ApplicationListQuery = PageQuery;
