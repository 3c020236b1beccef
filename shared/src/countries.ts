import { z } from 'zod';

export const country = z.object({
  code: z.string().describe('ISO 3166-1 alpha-2'),
  name: z.string(),
  name_ne: z
    .string()
    .nullable()
    .describe('The name in Nepali (CLDR), such as नेपाल; null where CLDR has none'),
  nationality: z.string().describe('Demonym, such as Nepalese'),
  dial_code: z.string().describe('International dialling prefix, such as +977'),
});
export type Country = z.infer<typeof country>;
