import fsp from 'node:fs/promises';
import { profileAnswer, viewCountAnswer } from '@jiffy/contracts';
import { documented } from '../../platform/http/openapi/route-doc.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { UserRow } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { PresenterUrls } from '../gifs/index.ts';
import { presentProfile } from './profile.presenter.ts';
import { parseInput } from '../../platform/http/parse-input.ts';
import { receiveForm } from '../../platform/http/receive-form.ts';
import type { ProfileService } from './profile.service.ts';
import { spotifyArtistUrl } from '../spotify/index.ts';
import { userId } from '../../platform/http/input-schemas.ts';

const idParams = z.object({ id: userId });
const httpUrl = z
  .string()
  .trim()
  .max(2048)
  .refine(
    (v) => v === '' || (/^https?:\/\//i.test(v) && URL.canParse(v)),
    'must be an http(s) URL',
  );

/** What a profile PATCH may change; anything else (role, e-mail, verified...) is refused. */
const profilePatch = z.strictObject({
  display_name: z.string().trim().max(50).optional(),
  description: z.string().trim().max(500).optional(),
  website_url: httpUrl.nullable().optional(),
  instagram_url: httpUrl.nullable().optional(),
  twitter: z
    .string()
    .regex(/^@?[A-Za-z0-9_]{0,15}$/, 'a twitter handle')
    .nullable()
    .optional(),
  is_public: z.boolean().optional(),
  /** Takes freelance work (the artists directory's filter). */
  freelance: z.boolean().optional(),
  suppress_chrome: z.boolean().optional(),
  attribution_display_name: z.string().trim().max(50).nullable().optional(),
  /** An open.spotify.com/artist/… page; null or '' unlinks it. */
  spotify_url: z
    .union([z.literal(''), spotifyArtistUrl])
    .nullable()
    .optional(),
});

/** The avatar form as documented: only the file is read. */
const avatarForm = z.strictObject({
  file: z.string().meta({ format: 'binary', description: 'The image (a video is refused).' }),
});
/** Its fields besides the file: none, so a field it does not take is refused, as in JSON bodies. */
const avatarFields = z.strictObject({});

/** `GET` and `PATCH /api/v1/users/{id}/`: public fields for all, private ones for the owner and admins. */
export function usersRoutes(
  app: FastifyInstance,
  deps: {
    profiles: ProfileService;
    urls: PresenterUrls;
    uploadTempDir: string;
  },
): void {
  const present = (user: UserRow, showPrivate: boolean) =>
    presentProfile(user, deps.urls, showPrivate);

  const profile = documented({
    auth: 'optional-session',
    summary: "A user's profile (the private fields to the user and admins)",
    tags: ['Profiles'],
    params: idParams,
    responses: { 200: profileAnswer },
  });
  app.get('/api/v1/users/:id/', profile, async (request) => {
    const { id } = parseInput(idParams, request.params);
    const { user, showPrivate } = await deps.profiles.profile(id, request.principal);
    return { data: present(user, showPrivate) };
  });

  const userViews = documented({
    auth: 'anonymous',
    summary: "How many times a user's ready GIFs were viewed",
    tags: ['Analytics'],
    params: idParams,
    responses: { 200: viewCountAnswer },
  });
  app.get('/api/v1/users/:id/view-count/', userViews, async (request) => {
    const { id } = parseInput(idParams, request.params);
    return { data: { id, view_count: await deps.profiles.viewCount(id) } };
  });

  const gifViews = documented({
    auth: 'anonymous',
    summary: 'How many times a GIF was viewed',
    tags: ['Analytics'],
    params: idParams,
    responses: { 200: viewCountAnswer },
  });
  app.get('/api/v1/proxy-gif/:id/view-count/', gifViews, async (request) => {
    const { id } = parseInput(idParams, request.params);
    return { data: { id, view_count: await deps.profiles.gifViewCount(id) } };
  });

  const tags = ['Profiles'];
  const auth = 'session';
  const edit = documented({
    summary: 'Edit a profile (its owner, or an admin)',
    description:
      'Only the fields named here; anything else (role, e-mail…) is refused. A `spotify_url` ' +
      "is stored with the artist's name, read from Spotify first; null or '' unlinks it.",
    tags,
    params: idParams,
    body: profilePatch,
    responses: { 200: profileAnswer },
    auth,
  });
  app.patch('/api/v1/users/:id/', edit, async (request) => {
    const user = await editableUser(request);
    const { spotify_url: spotify, ...changes } = parseInput(profilePatch, request.body ?? {});
    return { data: present(await deps.profiles.update(user, changes, spotify), true) };
  });

  // Avatar upload: multipart `file`, through the same checks as GIF uploads (and the same
  // decoded-work budget); 202: a job renders it, and avatar_url changes when it is done.
  const upload = documented({
    summary: 'Upload an avatar (its owner, or an admin)',
    description:
      'A multipart `file`, checked as uploads are. 202: a job renders it; `avatar_pending` ' +
      'stays true, and `avatar_url` changes, until it is done.',
    tags,
    params: idParams,
    body: avatarForm,
    bodyType: 'multipart/form-data',
    responses: { 202: profileAnswer },
    auth,
  });
  app.put('/api/v1/users/:id/avatar', upload, async (request, reply) => {
    const user = await editableUser(request);
    const form = await receiveForm(request, deps.uploadTempDir);
    try {
      parseInput(avatarFields, form.fields);
      if (!form.file) throw new AppError('missing_file', 'Send the image as a multipart `file`.');
      const now = await deps.profiles.submitAvatar(user, form.file);
      return await reply.code(202).send({ data: present(now, true) });
    } finally {
      if (form.file) await fsp.rm(form.file.path, { force: true });
    }
  });

  const clear = documented({
    summary: 'Go back to the default avatar (its owner, or an admin)',
    tags,
    params: idParams,
    responses: { 200: profileAnswer },
    auth,
  });
  app.delete('/api/v1/users/:id/avatar', clear, async (request) => {
    const user = await editableUser(request);
    return { data: present(await deps.profiles.clearAvatar(user), true) };
  });

  async function editableUser(request: FastifyRequest): Promise<UserRow> {
    const { id } = parseInput(idParams, request.params);
    return deps.profiles.editable(request.principal, id);
  }
}
