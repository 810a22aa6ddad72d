import { apiRoutes } from '@waymark/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { contentTypeOf } from '../lib/content-type.ts';
import { actorOrAnonymous } from '../plugins/auth.ts';
import { attachmentHeader } from '../lib/content-disposition.ts';
import { sendBlob } from './send-blob.ts';
import { sendJsonStream } from '../lib/json-stream.ts';
import { serve } from '../lib/serve-route.ts';

const routes = apiRoutes.files;

/** Reads of project files and versions: project info, version list and detail, file history, raw file bytes. */
export function fileRoutes(context: AppContext): FastifyPluginAsyncZod {
  const { versions, storage } = context;
  return async (app) => {
    serve(app, routes.projectInfo, async (request, reply) =>
      sendJsonStream(
        reply,
        await versions.projectInfo(
          actorOrAnonymous(request),
          request.params.namespace,
          request.params.name,
          request.query,
        ),
      ),
    );

    serve(app, routes.versions, async (request) =>
      versions.list(actorOrAnonymous(request), request.params.namespace, request.params.name, request.query),
    );

    serve(app, routes.version, async (request) =>
      versions.detail(actorOrAnonymous(request), request.params.id, request.params.version),
    );

    serve(app, routes.history, async (request) =>
      versions.resourceHistory(
        actorOrAnonymous(request),
        request.params.namespace,
        request.params.name,
        request.query.path,
      ),
    );

    // HEAD declared by the table rather than made by Fastify, which would read the bytes to throw them away.
    serve(
      app,
      routes.raw,
      async (request, reply) => {
        const file = await versions.rawFile(
          actorOrAnonymous(request),
          request.params.namespace,
          request.params.name,
          request.query,
        );
        return sendBlob(request, reply, storage, {
          sha256: file.sha256,
          size: file.size,
          lastModified: file.created,
          contentType: contentTypeOf(file.path),
          disposition: attachmentHeader(file.path.slice(file.path.lastIndexOf('/') + 1)),
        });
      },
      { config: { transfer: 'download' } },
    );
  };
}
