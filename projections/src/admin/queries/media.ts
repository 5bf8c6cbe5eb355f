import { sql, type Kysely } from 'kysely';
import type { AdminMedia } from '@sideline/domain';
import type { ReadModels } from '../../read-models.ts';

const fileNameOf = (title: string, url: string) => title.trim() || url.slice(url.lastIndexOf('/') + 1);

/** The organization's media, newest first; a deleted team's are hidden (its uploads stay in the audit). */
export async function listAdminMedia(
  database: Kysely<ReadModels>,
  orgId: string,
  options: { search?: string | undefined; type?: 'image' | 'video' | undefined; mediaId?: string } = {},
): Promise<AdminMedia[]> {
  const search = options.search?.trim().toLowerCase();
  const pattern = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const kinds = options.type === 'image' ? ['photo'] : options.type === 'video' ? ['video', 'highlight'] : null;
  const { rows } = await sql<{
    id: string;
    kind: string;
    title: string;
    content_type: string;
    bytes: number;
    url: string;
    thumbnail_url: string | null;
    team_id: string;
    team_name: string;
    season_name: string | null;
    uploader_id: string;
    uploader_name: string | null;
    created_at: Date;
  }>`
    SELECT md.id, md.kind, md.title, md.content_type, md.bytes, md.url, md.thumbnail_url, t.id AS team_id,
      t.name AS team_name, s.name AS season_name, md.uploader_id, u.name AS uploader_name, md.created_at
    FROM teams t JOIN media md ON md.team_id = t.id LEFT JOIN seasons s ON s.id = t.season_id
      LEFT JOIN users u ON u.id = md.uploader_id
    WHERE t.org_id = ${orgId} AND t.deleted_at IS NULL
      ${options.mediaId ? sql`AND md.id = ${options.mediaId}` : sql``}
      ${kinds ? sql`AND md.kind IN (${sql.join(kinds)})` : sql``}
      ${pattern ? sql`AND (lower(md.title) LIKE ${pattern} OR lower(md.url) LIKE ${pattern} OR lower(t.name) LIKE ${pattern})` : sql``}
    ORDER BY md.created_at DESC, md.id DESC`.execute(database);
  return rows.map((r) => ({
    id: r.id,
    fileName: fileNameOf(r.title, r.url),
    fileType: r.kind === 'photo' ? 'image' : 'video',
    contentType: r.content_type,
    fileSize: Number(r.bytes),
    url: r.url,
    thumbnailUrl: r.thumbnail_url,
    downloadUrl: `/api/admin/media/${r.id}/download`,
    teamId: r.team_id,
    teamName: r.team_name,
    seasonName: r.season_name,
    uploadedBy: r.uploader_name ?? 'Unknown User',
    uploadedById: r.uploader_id,
    uploadedAt: new Date(r.created_at).toISOString(),
  }));
}
