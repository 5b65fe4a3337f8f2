import { openApiJson } from "~/server/http/openapi/document.server";

/**
 * GET /api/openapi.json: the public JSON API's OpenAPI 3.1 document (docs/http-api.md), built from
 * the Zod schemas that validate the requests.
 */
export function loader() {
  return new Response(openApiJson(), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "public, max-age=300",
    },
  });
}
