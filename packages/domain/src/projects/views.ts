import { z } from 'zod';

export const projectViewSchema = z.object({
  id: z.number(),
  installationNumber: z.string(),
  description: z.string(),
  country: z.string().nullable(),
  facilityType: z.string().nullable(),
  facilityConstructorBranch: z.string().nullable(),
  facilityNumber: z.string().nullable(),
  projectManager: z.object({
    name: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    /** The cockpit user whose picture the ribbon shows (GET /api/users/{pictureId}/picture), if any. */
    pictureId: z.number().nullable(),
  }),
  /** The installations of the reader carrying this number, for links. */
  installations: z.array(z.object({ id: z.number(), areaId: z.number(), name: z.string() })),
});
export type ProjectView = z.infer<typeof projectViewSchema>;
