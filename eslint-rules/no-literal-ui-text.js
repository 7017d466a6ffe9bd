// Every text a person reads or hears comes from the catalogs (pwa/src/i18n/*.json), so the three
// languages stay complete: this rule reports literal text in JSX. A string counts as text when it
// holds a letter; whitespace, digits, punctuation and symbols ('·', '—', '/', '%', '+', '404') do
// not. Reported:
//   - JSX text: <Button>Salvar</Button>
//   - strings in children: {'Salvar'}, {`Olá ${name}`}, {done ? 'Sim' : 'Não'}, {'Total: ' + n}
//   - strings given to a user-facing attribute (USER_FACING, or a name ending in Label, Text, Title,
//     Message or Placeholder), also inside object-valued props such as
//     slotProps={{ htmlInput: { 'aria-label': 'Peso' } }} or inputProps={{ placeholder: '…' }}
// Not reported: other attributes (className, id, data-testid, href, to, variant, color, sx, …),
// and catalog ids, which reach the UI only through intl.formatMessage({ id }), t('…') or
// <FormattedMessage id="…" />, none of which is a user-facing attribute.
//
// Opt-out, for text that is the same in every language (a brand name, an email address, a code
// sample): a comment starting with `ui-text-ok:` and a reason, on the line of the text or the line
// above, e.g. `{/* ui-text-ok: brand name */}` or `// ui-text-ok: unit symbol`. The product name is
// not such a case: it is the catalog key app.name.

const USER_FACING = new Set([
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
  'aria-placeholder',
  'alt',
  'title',
  'placeholder',
  'label',
  'helperText',
  'primary', // ListItemText
  'secondary',
  'subheader', // CardHeader
]);
const USER_FACING_SUFFIX = /[a-z](Label|Text|Title|Message|Placeholder)$/;
/** Object-valued props whose keys are styles, not attributes. */
const STYLE_PROPS = new Set(['sx', 'style']);
/** Elements whose text is not shown as words. */
const RAW_ELEMENTS = new Set(['style', 'script']);
const OPT_OUT = /^\s*ui-text-ok\b(?::(.*))?/s;

const isUserFacing = (name) => USER_FACING.has(name) || USER_FACING_SUFFIX.test(name);
const hasLetter = (text) => /\p{L}/u.test(text);
const shorten = (text) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 40 ? `${flat.slice(0, 39)}…` : flat;
};

const attributeName = (node) => (node.name.type === 'JSXNamespacedName' ? `${node.name.namespace.name}:${node.name.name.name}` : node.name.name);
const propertyName = (node) =>
  node.computed ? null : node.key.type === 'Identifier' ? node.key.name : typeof node.key.value === 'string' ? node.key.value : null;

/**
 * The pieces of literal text an expression evaluates to: string literals, the fixed parts of
 * template literals, and those reached through ?:, &&, ||, ??, + and TypeScript casts.
 */
function literalTexts(node) {
  if (!node) return [];
  switch (node.type) {
    case 'Literal':
      return typeof node.value === 'string' ? [{ node, text: node.value }] : [];
    case 'TemplateLiteral':
      return [{ node, text: node.quasis.map((q) => q.value.cooked ?? q.value.raw).join('${…}') }];
    case 'ConditionalExpression':
      return [...literalTexts(node.consequent), ...literalTexts(node.alternate)];
    case 'LogicalExpression':
      return [...literalTexts(node.left), ...literalTexts(node.right)];
    case 'BinaryExpression':
      return node.operator === '+' ? [...literalTexts(node.left), ...literalTexts(node.right)] : [];
    case 'TSAsExpression':
    case 'TSSatisfiesExpression':
    case 'TSNonNullExpression':
    case 'ParenthesizedExpression':
      return literalTexts(node.expression);
    default:
      return [];
  }
}

/** @type {import('eslint').Rule.RuleModule} */
export const noLiteralUiText = {
  meta: {
    type: 'problem',
    docs: { description: 'Take user-facing text from the i18n catalogs, never from literals in JSX' },
    schema: [],
    messages: {
      text: 'Literal UI text "{{text}}": take it from the catalogs (intl.formatMessage or <FormattedMessage>), or mark it `ui-text-ok: <reason>`',
      attribute:
        'Literal text "{{text}}" in the user-facing "{{name}}": take it from the catalogs (intl.formatMessage), or mark it `ui-text-ok: <reason>`',
      noReason: '`ui-text-ok` needs a reason after the colon, e.g. `ui-text-ok: brand name`',
    },
  },
  create(context) {
    const sourceCode = context.sourceCode;
    /** Lines on which literal text is allowed: the line of an opt-out comment and the one after. */
    const allowedLines = new Set();
    for (const comment of sourceCode.getAllComments()) {
      const match = OPT_OUT.exec(comment.value);
      if (!match) continue;
      if (!match[1]?.trim()) {
        context.report({ loc: comment.loc, messageId: 'noReason' });
        continue;
      }
      allowedLines.add(comment.loc.end.line);
      allowedLines.add(comment.loc.end.line + 1);
    }
    const optedOut = (node) => allowedLines.has(node.loc.start.line);

    const reportTexts = (expression, messageId, name) => {
      for (const { node, text } of literalTexts(expression)) {
        if (hasLetter(text) && !optedOut(node)) context.report({ node, messageId, data: { text: shorten(text), name } });
      }
    };

    /** Walks an object literal given to a prop: { htmlInput: { 'aria-label': '…' } }. */
    const checkObject = (object) => {
      for (const property of object.properties) {
        if (property.type !== 'Property') continue;
        const name = propertyName(property);
        if (property.value.type === 'ObjectExpression') {
          if (!STYLE_PROPS.has(name)) checkObject(property.value);
        } else if (name && isUserFacing(name)) {
          reportTexts(property.value, 'attribute', name);
        }
      }
    };

    const insideRawElement = (node) => {
      const parent = node.parent;
      return parent?.type === 'JSXElement' && parent.openingElement.name.type === 'JSXIdentifier' && RAW_ELEMENTS.has(parent.openingElement.name.name);
    };

    return {
      JSXText(node) {
        if (hasLetter(node.value) && !optedOut(node) && !insideRawElement(node)) {
          context.report({ node, messageId: 'text', data: { text: shorten(node.value) } });
        }
      },
      JSXExpressionContainer(node) {
        const parent = node.parent;
        if ((parent.type === 'JSXElement' || parent.type === 'JSXFragment') && !insideRawElement(node)) reportTexts(node.expression, 'text', '');
      },
      JSXAttribute(node) {
        const name = attributeName(node);
        const value = node.value;
        if (!value || STYLE_PROPS.has(name)) return;
        if (value.type === 'JSXExpressionContainer' && value.expression.type === 'ObjectExpression') {
          checkObject(value.expression);
          return;
        }
        if (!isUserFacing(name)) return;
        reportTexts(value.type === 'JSXExpressionContainer' ? value.expression : value, 'attribute', name);
      },
    };
  },
};

export default { rules: { 'no-literal-ui-text': noLiteralUiText } };
