import type { FastifyInstance } from "fastify";

/** A `\uD800`–`\uDFFF` escape: the only way a lone surrogate half can reach us, since UTF-8 bytes cannot carry one. */
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;

/** A high half not followed by a low one, or a low half not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function hasLoneSurrogate(value: unknown): boolean {
  if (typeof value === "string") return LONE_SURROGATE.test(value);
  if (Array.isArray(value)) return value.some(hasLoneSurrogate);
  if (value !== null && typeof value === "object") {
    return Object.entries(value).some(([key, v]) => LONE_SURROGATE.test(key) || hasLoneSurrogate(v));
  }
  return false;
}

/**
 * Fastify's JSON parser (prototype-poisoning checks kept), refusing text with half a surrogate pair (`"\udfff"`).
 * Such a string is valid JSON but no text: PostgreSQL refuses it inside jsonb and silently turns it into U+FFFD in a
 * text column. Refusing it here answers 400 for every route at once. The escape test keeps the walk off the usual body.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = body as string;
    parseJson(request, text, (error, value) => {
      if (error) return done(error, undefined);
      if (SURROGATE_ESCAPE.test(text) && hasLoneSurrogate(value)) {
        return done(Object.assign(new Error("Text with a lone surrogate"), { statusCode: 400 }), undefined);
      }
      done(null, value);
    });
  });
}
