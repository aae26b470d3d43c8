import type { FastifyInstance } from 'fastify';
import {
  blockedHostAnswer,
  blockedHostsAnswer,
  federationActorSettingsAnswer,
  remoteFollowerAnswer,
  remoteFollowersAnswer,
} from '@jiffy/contracts';
import { documented } from '../../platform/http/openapi/route-doc.ts';
import { parseInput } from '../../platform/http/parse-input.ts';
import {
  actorParams,
  actorSettingsBody,
  blockedHostParams,
  blockHostBody,
  followerParams,
  noQuery,
} from './federation-admin-input.schema.ts';
import { presentBlockedHost, presentFollower } from './federation-admin.presenter.ts';
import type { FederationAdminService } from './federation-admin.service.ts';

/**
 * `/api/v1/federation/`: an actor's owner (and staff) manage its followers on other servers;
 * admins block remote hosts. Session and CSRF, as every change on the site API.
 */
export function federationAdminRoutes(
  app: FastifyInstance,
  deps: { admin: FederationAdminService },
): void {
  const tags = ['Federation'];
  const { admin } = deps;

  const listFollowers = documented({
    auth: 'session',
    summary: "A creator's or channel's followers on other servers (owner and staff)",
    tags,
    params: actorParams,
    query: noQuery,
    responses: { 200: remoteFollowersAnswer },
    errors: ['forbidden', 'not_found'],
  });
  app.get('/api/v1/federation/actors/:actor/followers', listFollowers, async (request) => {
    const { actor } = parseInput(actorParams, request.params);
    parseInput(noQuery, request.query);
    const found = await admin.followers(request.principal, actor);
    return {
      data: {
        actor,
        manually_approves_followers: found.actor.manuallyApproves,
        followers: found.followers.map(presentFollower),
      },
    };
  });

  const approve = documented({
    auth: 'session',
    summary: 'Approve a follower waiting for approval (owner and staff)',
    tags,
    params: followerParams,
    responses: { 200: remoteFollowerAnswer },
    errors: ['forbidden', 'not_found', 'remote_follower_not_found', 'remote_host_blocked'],
  });
  app.post('/api/v1/federation/actors/:actor/followers/:id/approve', approve, async (request) => {
    const { actor, id } = parseInput(followerParams, request.params);
    return { data: presentFollower(await admin.approve(request.principal, actor, id)) };
  });

  const remove = documented({
    auth: 'session',
    summary: 'Remove a follower, approved or waiting (owner and staff)',
    tags,
    params: followerParams,
    responses: { 204: null },
    errors: ['forbidden', 'not_found', 'remote_follower_not_found'],
  });
  app.delete('/api/v1/federation/actors/:actor/followers/:id', remove, async (request, reply) => {
    const { actor, id } = parseInput(followerParams, request.params);
    await admin.remove(request.principal, actor, id);
    return reply.code(204).send();
  });

  const settings = documented({
    auth: 'session',
    summary: 'Choose whether follows from other servers wait for approval (owner and staff)',
    tags,
    params: actorParams,
    body: actorSettingsBody,
    responses: { 200: federationActorSettingsAnswer },
    errors: ['forbidden', 'not_found'],
  });
  app.patch('/api/v1/federation/actors/:actor', settings, async (request) => {
    const { actor } = parseInput(actorParams, request.params);
    const body = parseInput(actorSettingsBody, request.body ?? {});
    const changed = await admin.setManuallyApproves(
      request.principal,
      actor,
      body.manually_approves_followers,
    );
    return { data: { actor, manually_approves_followers: changed.manuallyApproves } };
  });

  const listBlocked = documented({
    auth: 'session',
    summary: 'Remote hosts the instance blocks (admins)',
    tags,
    query: noQuery,
    responses: { 200: blockedHostsAnswer },
    errors: ['forbidden'],
  });
  app.get('/api/v1/federation/blocked-hosts', listBlocked, async (request) => {
    parseInput(noQuery, request.query);
    const hosts = await admin.blockedHosts(request.principal);
    return { data: { hosts: hosts.map(presentBlockedHost) } };
  });

  const block = documented({
    auth: 'session',
    summary: 'Block a remote host: its activities are refused, nothing is sent to it (admins)',
    tags,
    body: blockHostBody,
    responses: { 201: blockedHostAnswer },
    errors: ['forbidden'],
  });
  app.post('/api/v1/federation/blocked-hosts', block, async (request, reply) => {
    const { host } = parseInput(blockHostBody, request.body ?? {});
    const row = await admin.block(request.principal, host);
    return reply.code(201).send({ data: presentBlockedHost(row) });
  });

  const unblock = documented({
    auth: 'session',
    summary: 'Unblock a remote host (admins)',
    tags,
    params: blockedHostParams,
    responses: { 204: null },
    errors: ['forbidden', 'not_found'],
  });
  app.delete('/api/v1/federation/blocked-hosts/:host', unblock, async (request, reply) => {
    const { host } = parseInput(blockedHostParams, request.params);
    await admin.unblock(request.principal, host);
    return reply.code(204).send();
  });
}
