// Loaded by /api/doc after the swagger-ui bundle and before its initializer runs, which passes this plugin to
// swagger-ui (openapi.ts). Served from this origin: the page's CSP allows no inline script.
(() => {
  /**
   * The document as swagger-ui resolves one part of it: every section but the paths and webhooks whole, and of those
   * only the one path item the part is in. swagger-ui resolves the operation (or model) a reader opens by normalising
   * the whole OpenAPI 3.1 document first, every time: 1.8-3.7 s of a slow machine's CPU for each operation opened,
   * and 3.4 s on loading, for this API's 537 KB, against 0.45-0.5 s alone. What an operation refers to is in the
   * components (every `$ref` of the document points there: openapi-contract.test.ts), so it resolves alone to what
   * it resolves to in the whole document: all 217 parts (operations, webhooks, schemas) compared alike (2026-12-07),
   * one in every run of the every-screen browser test.
   */
  function withOnlyItsPathItem(spec, [section, key]) {
    const reduced = { ...spec, paths: {} };
    if (spec.webhooks) reduced.webhooks = {};
    if ((section === 'paths' || section === 'webhooks') && spec[section] && key in spec[section]) {
      reduced[section] = { [key]: spec[section][key] };
    }
    return reduced;
  }

  window.RopeDocOperationAlone = (system) => {
    const resolveSubtree = window.SwaggerUIBundle.plugins.SwaggerClient(system).fn.resolveSubtree;
    return {
      fn: {
        resolveSubtree: (spec, path, options) => resolveSubtree(withOnlyItsPathItem(spec, path), path, options),
      },
    };
  };
})();
