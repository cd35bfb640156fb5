/**
 * Templates a platform sees: the OFFICIAL ones this server ships (read-only) and its own CUSTOM
 * and SHARED ones (rows of `template`, scoped by platform: another platform's are 404). Who may
 * change which is decided here, by type: CUSTOM templates by platform admins, SHARED ones by
 * their author or a platform admin, OFFICIAL ones by nobody.
 */
import {
  generateId,
  type CreateTemplateRequest,
  type ListTemplatesQuery,
  type TableDefinition,
  type Page,
  type Template,
  type TemplateFlow,
  type UpdateTemplateRequest,
} from '@piecework/shared';
import { isPlatformAdmin, requirePlatformAdmin, type Principal } from '../../infrastructure/auth/principal';
import { invalidRequest, notFound, ruleViolation } from '../../infrastructure/errors';
import type { ServerContext } from '../../server-context';
import { exportedTrigger, usedPieces } from '../flows/flow-template';
import { findOfficialTemplate, OFFICIAL_TEMPLATES } from './official';
import { matchesTemplateQuery } from './template-query';
import {
  deleteTemplateRow,
  findPlatformTemplate,
  insertTemplate,
  selectPlatformTemplates,
  updateTemplateRow,
} from './template-repository';
import { templateFromRow, templateRow } from './template-rows';

/** What the template service uses of the server context: the store and the clock. */
export type TemplateDependencies = Pick<ServerContext, 'store' | 'now'>;

/** A template of the caller's platform as stored, with who made it. */
interface StoredTemplate {
  readonly template: Template & { platformId: string };
  readonly ownerId: string | null;
}

/** The `/v1/templates` operations for one server. */
export class TemplateService {
  constructor(private readonly ctx: TemplateDependencies) {}

  /** The official templates, then the platform's own (newest first), that match `query`; one page. */
  async list(principal: Principal, query: ListTemplatesQuery): Promise<Page<Template>> {
    const rows = await selectPlatformTemplates(this.ctx.store.db, principal.platformId);
    const all = [...OFFICIAL_TEMPLATES, ...rows.map(templateFromRow)];
    return {
      data: all.filter((template) => matchesTemplateQuery(template, query)),
      next: null,
      previous: null,
    };
  }

  /** An official template, or one of the caller's platform (404 otherwise, archived ones included). */
  async get(principal: Principal, id: string): Promise<Template> {
    return findOfficialTemplate(id) ?? (await this.findStored(principal, id)).template;
  }

  /**
   * Creates a CUSTOM (platform admins only: 403) or SHARED template of the caller's platform;
   * OFFICIAL is refused (409 VALIDATION). Its flows are kept without sample data or connection
   * references, and `pieces` is what they use (the request's list when there are no flows).
   */
  async create(principal: Principal, request: CreateTemplateRequest): Promise<Template> {
    if (request.type === 'OFFICIAL') {
      throw ruleViolation('Official templates ship with the server and cannot be created', {
        type: request.type,
      });
    }
    if (request.type === 'CUSTOM') {
      requirePlatformAdmin(principal, 'Only platform admins may create CUSTOM templates');
    }
    assertTablesDistinct(request.tables ?? []);
    const now = this.ctx.now();
    const flows = (request.flows ?? []).map(templateFlowWithoutConnections);
    const template: Template & { platformId: string } = {
      ...request,
      id: generateId(),
      created: now,
      updated: now,
      platformId: principal.platformId,
      blogUrl: request.blogUrl ?? null,
      metadata: request.metadata ?? null,
      flows,
      tables: request.tables ?? [],
      pieces: flows.length === 0 ? request.pieces : piecesOf(flows),
    };
    await this.ctx.store.write((trx) => insertTemplate(trx, templateRow(template, ownerOf(principal))));
    return template;
  }

  /**
   * Changes the fields `request` names of a template of the caller's platform (see
   * {@link assertMayChange}); a template may not become OFFICIAL (409).
   */
  async update(principal: Principal, id: string, request: UpdateTemplateRequest): Promise<Template> {
    const stored = await this.findStoredForChange(principal, id);
    if (request.type === 'OFFICIAL') {
      throw ruleViolation('A template cannot become an official one', { type: request.type });
    }
    if (request.type === 'CUSTOM') {
      requirePlatformAdmin(principal, 'Only platform admins may make a template CUSTOM');
    }
    assertTablesDistinct(request.tables ?? []);
    const defined = Object.fromEntries(
      Object.entries(request).filter(([, value]) => value !== undefined),
    ) as UpdateTemplateRequest;
    const flows = defined.flows === undefined ? undefined : defined.flows.map(templateFlowWithoutConnections);
    const template: Template & { platformId: string } = {
      ...stored.template,
      ...defined,
      ...(flows === undefined ? {} : { flows, pieces: piecesOf(flows) }),
      id: stored.template.id,
      platformId: stored.template.platformId,
      created: stored.template.created,
      updated: this.ctx.now(),
    };
    await this.ctx.store.write((trx) =>
      updateTemplateRow(trx, principal.platformId, id, templateRow(template, stored.ownerId)),
    );
    return template;
  }

  /** Deletes a template of the caller's platform (see {@link assertMayChange}). */
  async delete(principal: Principal, id: string): Promise<void> {
    await this.findStoredForChange(principal, id);
    await this.ctx.store.write((trx) => deleteTemplateRow(trx, principal.platformId, id));
  }

  /** The stored template `id` of the caller's platform, after checking the caller may change it. */
  private async findStoredForChange(principal: Principal, id: string): Promise<StoredTemplate> {
    if (findOfficialTemplate(id) !== undefined) {
      throw ruleViolation('Official templates are read-only', { templateId: id });
    }
    const stored = await this.findStored(principal, id);
    assertMayChange(principal, stored);
    return stored;
  }

  private async findStored(principal: Principal, id: string): Promise<StoredTemplate> {
    const row = await findPlatformTemplate(this.ctx.store.db, principal.platformId, id);
    if (row === undefined) throw notFound('template', id);
    return { template: { ...templateFromRow(row), platformId: row.platformId }, ownerId: row.ownerId };
  }
}

/**
 * CUSTOM templates are changed by platform admins; SHARED ones by their author or a platform
 * admin (403 AUTHORIZATION otherwise).
 */
function assertMayChange(principal: Principal, stored: StoredTemplate): void {
  if (isPlatformAdmin(principal)) return;
  if (stored.template.type === 'SHARED' && stored.ownerId !== null && stored.ownerId === ownerOf(principal)) {
    return;
  }
  requirePlatformAdmin(
    principal,
    `Only platform admins${stored.template.type === 'SHARED' ? ' and its author' : ''} may change this template`,
    {
      templateId: stored.template.id,
    },
  );
}

/** Refuses (400) table definitions that share an external id: the flows could not tell them apart. */
function assertTablesDistinct(tables: readonly TableDefinition[]): void {
  const seen = new Set<string>();
  for (const table of tables) {
    if (seen.has(table.externalId)) {
      throw invalidRequest(`Two tables of the template have the external id ${table.externalId}`, {
        externalId: table.externalId,
      });
    }
    seen.add(table.externalId);
  }
}

/** A template flow without sample data and without connection references in its steps. */
export function templateFlowWithoutConnections(flow: TemplateFlow): TemplateFlow {
  return { ...flow, trigger: exportedTrigger(flow.trigger) };
}

/** The pieces `flows` use, each once, in flow and step order. */
export function piecesOf(flows: readonly TemplateFlow[]): string[] {
  return [...new Set(flows.flatMap((flow) => usedPieces(flow.trigger)))];
}

function ownerOf(principal: Principal): string | null {
  return principal.type === 'USER' ? principal.id : null;
}
