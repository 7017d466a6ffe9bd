import path from 'node:path';
import { ESLint, RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { noLiteralUiText } from './no-literal-ui-text.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const ruleTester = new RuleTester({
  languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
});

const text = (t: string) => ({ messageId: 'text', data: { text: t } });
const attribute = (t: string, name: string) => ({ messageId: 'attribute', data: { text: t, name } });

ruleTester.run('no-literal-ui-text', noLiteralUiText, {
  valid: [
    // Text from the catalogs.
    "const a = <Button>{t('profile.save')}</Button>;",
    "const a = <Typography><FormattedMessage id=\"dashboard.title\" /></Typography>;",
    "const a = <TextField label={t('login.email')} helperText={error ? t(error) : undefined} />;",
    "const a = <IconButton aria-label={intl.formatMessage({ id: 'shell.logout' })} />;",
    "const a = <PageHeading titleId=\"nav.settings\" labelId=\"x.y\" />;",
    // Whitespace, digits, punctuation and symbols.
    "const a = <p>\n  {name}{' '}·{' '}—{' '}/ % + 404 (1) {'—'} &nbsp;\n</p>;",
    "const a = <p>{`${kg(first)} · ${date(first)}`}</p>;",
    "const a = <Button aria-label={`${label}: ${value}`} />;",
    // Attributes that are not read by anyone.
    "const a = <Box className=\"card wide\" id=\"main-content\" data-testid=\"login submit\" component=\"form\" />;",
    "const a = <Button variant=\"contained\" color=\"primary\" href=\"/help page\" to=\"/dashboard\" type=\"submit\" autoComplete=\"current-password\" />;",
    "const a = <Box sx={{ '& .MuiChip-label': { display: 'none' }, title: 'not an attribute' }} style={{ fontFamily: 'system-ui' }} />;",
    "const a = <TextField slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'weight input' } }} />;",
    "const a = <Slider valueLabelDisplay=\"auto\" labelPlacement=\"end\" />;",
    // Text that is not words on screen.
    'const a = <style>{`.x { content: "a" }`}</style>;',
    // Opted out, with a reason, on the line above or the same line.
    "const a = (\n  <p>\n    {/* ui-text-ok: brand name, the same in every language */}\n    Leve Coach\n  </p>\n);",
    "const a = <Link href=\"mailto:x\">suporte@example.com</Link>; // ui-text-ok: an address",
    "const a = (\n  <Box\n    // ui-text-ok: the product's legal name\n    title=\"Leve Coach Ltda.\"\n  />\n);",
  ],
  invalid: [
    { code: 'const a = <Button>Salvar</Button>;', errors: [text('Salvar')] },
    { code: 'const a = <p>\n  Olá,\n  {name}!\n</p>;', errors: [text('Olá,')] },
    { code: "const a = <Button>{'Salvar'}</Button>;", errors: [text('Salvar')] },
    { code: 'const a = <p>{`Olá ${name}`}</p>;', errors: [text('Olá ${…}')] },
    { code: "const a = <p>{done ? 'Sim' : t('no')}</p>;", errors: [text('Sim')] },
    { code: "const a = <p>{saving && 'Salvando…'}</p>;", errors: [text('Salvando…')] },
    { code: "const a = <p>{'Total: ' + count}</p>;", errors: [text('Total:')] },
    { code: 'const a = <>kg</>;', errors: [text('kg')] },
    { code: 'const a = <IconButton aria-label="Sair" />;', errors: [attribute('Sair', 'aria-label')] },
    { code: "const a = <img alt={'Logo'} title={`Olá ${name}`} />;", errors: [attribute('Logo', 'alt'), attribute('Olá ${…}', 'title')] },
    { code: 'const a = <TextField label="Email" placeholder="voce@exemplo.com" helperText="Obrigatório" />;', errors: [attribute('Email', 'label'), attribute('voce@exemplo.com', 'placeholder'), attribute('Obrigatório', 'helperText')] },
    { code: 'const a = <ListItemText primary="Perfil" secondary="Seus dados" />;', errors: [attribute('Perfil', 'primary'), attribute('Seus dados', 'secondary')] },
    { code: 'const a = <WeightChart emptyText="Sem dados" targetLabel="Meta" />;', errors: [attribute('Sem dados', 'emptyText'), attribute('Meta', 'targetLabel')] },
    { code: "const a = <Chip label={(open ? 'Aberto' : 'Fechado') as string} />;", errors: [attribute('Aberto', 'label'), attribute('Fechado', 'label')] },
    { code: "const a = <TextField slotProps={{ htmlInput: { 'aria-label': 'Peso' } }} />;", errors: [attribute('Peso', 'aria-label')] },
    { code: "const a = <TextField inputProps={{ placeholder: 'Digite' }} />;", errors: [attribute('Digite', 'placeholder')] },
    // An opt-out needs a reason, and covers only the next line.
    { code: '// ui-text-ok\nconst a = <b>Oi</b>;', errors: [{ messageId: 'noReason' }, text('Oi')] },
    { code: '// ui-text-ok:\nconst a = <b>Oi</b>;', errors: [{ messageId: 'noReason' }, text('Oi')] },
    { code: '// ui-text-ok: brand\n\nconst a = <b>Oi</b>;', errors: [text('Oi')] },
  ],
});

describe('no-literal-ui-text in the project config', () => {
  const root = path.resolve(import.meta.dirname, '..');
  const eslint = new ESLint({ cwd: root });
  const uiTextErrors = async (file: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
    return (result?.messages ?? []).filter((m) => m.ruleId === 'ui-text/no-literal-ui-text');
  };
  const component = 'export const Save = () => <button type="submit">Salvar</button>;\n';

  it('checks the PWA components', async () => {
    expect(await uiTextErrors('pwa/src/features/profile/x.tsx', component)).toHaveLength(1);
    expect(await uiTextErrors('pwa/src/components/x.tsx', component)).toHaveLength(1);
  });

  it('leaves tests and code outside pwa/src alone', async () => {
    expect(await uiTextErrors('pwa/src/features/profile/x.test.tsx', component)).toEqual([]);
    expect(await uiTextErrors('e2e/x.tsx', component)).toEqual([]);
  });
});
