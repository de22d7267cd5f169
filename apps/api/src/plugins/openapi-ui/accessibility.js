// Loaded by /api/doc after the swagger-ui bundle and before its initializer runs (on window.onload), which passes
// this plugin to swagger-ui (openapi.ts). Served from this origin: the page's CSP allows no inline script.
(() => {
  /** Controls swagger-ui draws with no name (icon buttons, the request body), and the names they get. */
  const UNNAMED = [
    ['.copy-to-clipboard button', 'Copy to clipboard'],
    ['button.close-modal', 'Close'],
    ['textarea.body-param__text', 'Request body'],
    ['select#servers', 'Server'],
    // Beside its visible title "Examples", which is not its label.
    ['select.examples-select-element', 'Examples'],
  ];

  function nameUnnamedControls(root) {
    for (const [selector, name] of UNNAMED) {
      for (const control of root.querySelectorAll(`${selector}:not([aria-label])`))
        control.setAttribute('aria-label', name);
    }
  }

  /** A button named other than its visible text ("Authorize" named "Apply credentials") is named by its text. */
  function nameButtonsByTheirText(root) {
    for (const button of root.querySelectorAll('button[aria-label]')) {
      const text = button.textContent.trim();
      if (text && !button.getAttribute('aria-label').includes(text)) button.removeAttribute('aria-label');
    }
  }

  /** Each operation's responses table is a live region: named after its operation, so the regions can be told apart. */
  function nameResponseRegions(root) {
    for (const table of root.querySelectorAll('table.responses-table[role="region"]:not([aria-label])')) {
      const operation = table.closest('.opblock');
      const method = operation?.querySelector('.opblock-summary-method')?.textContent ?? '';
      const path = operation?.querySelector('.opblock-summary-path')?.getAttribute('data-path') ?? table.id;
      table.setAttribute('aria-label', `Responses of ${method} ${path}`.replace(/\s+/g, ' ').trim());
    }
  }

  /** A try-it-out field is named by its parameter; only the table column says what it is for. */
  function nameParameterFields(root) {
    for (const row of root.querySelectorAll('tr[data-param-name]')) {
      const name = `${row.getAttribute('data-param-name')} (${row.getAttribute('data-param-in')})`;
      for (const field of row.querySelectorAll('input, select, textarea')) {
        if (!field.hasAttribute('aria-label') && !field.labels?.length) field.setAttribute('aria-label', name);
      }
    }
  }

  /** Examples and responses scroll sideways: keyboard users reach them to scroll. */
  function focusScrollingCode(root) {
    for (const code of root.querySelectorAll('pre.microlight:not([tabindex]), .highlight-code pre:not([tabindex])')) {
      code.setAttribute('tabindex', '0');
    }
  }

  /**
   * The page in a main landmark, and headings so no level is skipped: one between the API's title (h1) and the tags
   * (h3), one between the webhooks' h2 and the schemas' h4.
   */
  window.RopeDocAccessibility = (system) => {
    const h = system.React.createElement;
    return {
      wrapComponents: {
        BaseLayout: (Original) => (props) => h('main', null, h(Original, props)),
        operations: (Original) => (props) =>
          h(
            system.React.Fragment,
            null,
            h('h2', { className: 'rope-visually-hidden' }, 'Operations'),
            h(Original, props),
          ),
        Models: (Original) => (props) =>
          h(
            system.React.Fragment,
            null,
            h('h3', { className: 'rope-visually-hidden' }, 'Data types'),
            h(Original, props),
          ),
      },
    };
  };

  const root = document.getElementById('swagger-ui');
  if (root)
    new MutationObserver(() => {
      nameUnnamedControls(root);
      nameButtonsByTheirText(root);
      nameResponseRegions(root);
      nameParameterFields(root);
      focusScrollingCode(root);
    }).observe(root, { childList: true, subtree: true });
})();
