/**
 * The file-wide part of a PMXML export: what `APIBusinessObjects` holds outside the projects
 * (currencies, calendars, resources, roles, rates, code dictionaries, UDF definitions), indexed
 * once so every project built from the file can look things up.
 */
import { kid, kids, text, type XmlNode } from './xmlTree';
import { parseNumber } from './values';
import type { Prolog } from './sniff';

export interface PmxmlFile {
  root: XmlNode;
  /** "Primavera P6 Professional (PMXML schema V20.12)" or similar. */
  application: string;
  /** ISO code of the base currency, when the file names one. */
  currency?: string;
  projects: XmlNode[];
  baselineProjects: XmlNode[];
  calendars: XmlNode[];
  resources: XmlNode[];
  resourceRates: XmlNode[];
  roles: XmlNode[];
  roleRates: XmlNode[];
  /** UnitOfMeasure ObjectId → abbreviation (t, m3, CY…). */
  unitsOfMeasure: Map<string, string>;
  codeTypes: XmlNode[];
  codeValues: XmlNode[];
  udfTypes: XmlNode[];
  costAccounts: XmlNode[];
}

/** Reads the P6 product and schema version from the root's namespace or schemaLocation. */
function applicationOf(prolog: Prolog): string {
  const m = /Primavera\/(P6[A-Za-z]*)\/(V[\d.]+)/.exec(`${prolog.namespace ?? ''} ${prolog.rootTag}`);
  if (!m) return 'Primavera P6 (PMXML)';
  const product = m[1] === 'P6Professional' ? 'Primavera P6 Professional' : m[1] === 'P6' ? 'Primavera P6 EPPM' : `Primavera ${m[1]}`;
  return `${product} (PMXML schema ${m[2]})`;
}

/**
 * The base currency. All PMXML money is in the database's base currency, which is the
 * `GlobalPreferences` base currency when exported, else the currency with exchange rate 1.
 */
function baseCurrency(root: XmlNode): string | undefined {
  const currencies = kids(root, 'Currency');
  const baseId = text(kid(root, 'GlobalPreferences'), 'BaseCurrencyObjectId');
  const pick =
    (baseId ? currencies.find((c) => text(c, 'ObjectId') === baseId) : undefined) ??
    currencies.find((c) => parseNumber(text(c, 'ExchangeRate')) === 1) ??
    currencies[0] ??
    kid(kid(root, 'DisplayCurrency'), 'Currency');
  const code = text(pick, 'Id')?.trim().toUpperCase();
  return code && /^[A-Z]{3}$/.test(code) ? code : undefined;
}

export function indexFile(root: XmlNode, prolog: Prolog): PmxmlFile {
  const unitsOfMeasure = new Map<string, string>();
  for (const u of kids(root, 'UnitOfMeasure')) {
    const id = text(u, 'ObjectId');
    const abbr = text(u, 'Abbreviation') ?? text(u, 'Name');
    if (id && abbr) unitsOfMeasure.set(id, abbr);
  }
  return {
    root,
    application: applicationOf(prolog),
    currency: baseCurrency(root),
    projects: kids(root, 'Project'),
    baselineProjects: kids(root, 'BaselineProject'),
    calendars: kids(root, 'Calendar'),
    resources: kids(root, 'Resource'),
    resourceRates: kids(root, 'ResourceRate'),
    roles: kids(root, 'Role'),
    roleRates: [...kids(root, 'RoleRate'), ...kids(root, 'RoleRateNew')],
    unitsOfMeasure,
    codeTypes: kids(root, 'ActivityCodeType'),
    codeValues: kids(root, 'ActivityCode'),
    udfTypes: kids(root, 'UDFType'),
    costAccounts: kids(root, 'CostAccount'),
  };
}
