import type { Multipart } from '@fastify/multipart';
import { documents } from '@rope/db/schema/index';
import { message } from '@rope/domain/messages';
import { habelDocumentFieldsSchema } from '@rope/domain/projects/schemas';
import { and, eq } from 'drizzle-orm';
import { AppError, issueFields, validationError } from '../../http/app-error.ts';
import { assertCan } from '../../http/guards.ts';
import { findProject } from '../../tenancy/projects.ts';
import type { ActionArgs } from '../action-args.ts';
import { type StoredDocumentFile, storeDocumentFile } from '../documents/index.ts';

export const IMPORT_NEEDS_ONE_FILE = message('app.errors.importOneFile');

/**
 * PUT of one document of the external system, keyed by its project and its external key: created the first time,
 * replaced after (fields and file). The same file again keeps the stored one, so a repeated import changes nothing.
 * The project is found within the importer's mandators (a foreign one answers 404 as a missing one), and the key
 * names a document of that project only: a document with the same key in any other project, another mandator's
 * included, is neither read, moved nor replaced (docs/documents.md).
 */
export async function importProjectDocument({
  ctx,
  actor,
  input,
}: ActionArgs<{ installationNumber: string; externalKey: string; parts: AsyncIterable<Multipart> }>) {
  assertCan(actor, 'DATA_IMPORT');
  const project = await findProject(ctx, actor, { installationNumber: input.installationNumber });
  const fields: Record<string, string> = {};
  let file: StoredDocumentFile | undefined;
  try {
    for await (const part of input.parts) {
      if (file) throw new AppError('VALIDATION', IMPORT_NEEDS_ONE_FILE);
      if (part.type === 'field') fields[part.fieldname] = String(part.value);
      else file = await storeDocumentFile(ctx, part, ctx.env.DOCUMENT_MAX_MB * 1024 * 1024);
    }
  } catch (error) {
    if (file) await ctx.storage.remove(file.object.key).catch(() => {});
    throw error;
  }
  const parsed = habelDocumentFieldsSchema.safeParse(fields);
  if (!file || !parsed.success) {
    if (file) await ctx.storage.remove(file.object.key).catch(() => {});
    throw validationError(
      parsed.success ? { file: IMPORT_NEEDS_ONE_FILE } : issueFields(parsed.error.issues, (i) => i.path.join('.')),
    );
  }
  const inProject = and(
    eq(documents.targetType, 'project'),
    eq(documents.targetId, project.id),
    eq(documents.externalKey, input.externalKey),
  );
  const [existing] = await ctx.db.select().from(documents).where(inProject);
  const old = existing ? await ctx.storage.head(existing.storageKey) : undefined;
  const sameFile = old?.checksum === file.object.checksum && old.type === file.object.type;
  if (sameFile) await ctx.storage.remove(file.object.key);
  const values = {
    name: parsed.data.name,
    mimeType: file.object.type,
    storageKey: sameFile ? existing!.storageKey : file.object.key,
    thumbnailKey: sameFile ? existing!.thumbnailKey : null,
    size: file.object.size,
    location: parsed.data.location,
    targetType: 'project',
    targetId: project.id,
    folderId: null,
    isHabel: true,
    habelAttart: parsed.data.habelAttart ?? null,
    habelReceipttype: parsed.data.habelReceipttype ?? null,
    habelErfdat: parsed.data.habelErfdat ?? null,
    installationNumber: input.installationNumber,
  };
  const [row] = existing
    ? await ctx.db.update(documents).set(values).where(eq(documents.id, existing.id)).returning({ id: documents.id })
    : await ctx.db
        .insert(documents)
        .values({ ...values, externalKey: input.externalKey, createdByUserId: actor.userId })
        .onConflictDoUpdate({
          target: [documents.targetType, documents.targetId, documents.externalKey],
          set: values,
        })
        .returning({ id: documents.id });
  if (existing && !sameFile) {
    for (const key of [existing.storageKey, existing.thumbnailKey])
      if (key) await ctx.storage.remove(key).catch(() => {});
  }
  return { document: { id: row!.id, externalKey: input.externalKey, created: !existing } };
}
