/**
 * Keeps the catalogs (src/shared/locales/<lang>/<feature>.json, keys read `<feature>.<path>`) complete:
 *
 * 1. every key the code uses exists in every language;
 * 2. every catalog key is used by the code (or belongs to a declared dynamic family, below);
 * 3. en, si and ta have the same keys (plural forms per language), list lengths and non-empty texts;
 * 4. a text has the same {{variables}} in every language;
 * 5. a Sinhala or Tamil text is not an untranslated copy of the English one;
 * 6. a text with a {{count}} has plural forms, and Sinhala and Tamil write the brand in their script.
 *
 * "Used by the code" means a string literal in src/**\/*.{ts,tsx} (tests excluded) that reads as a key
 * of an existing catalog: t('help.noResults'), zod messages in src/shared, badRequest('x.y') on the
 * server, { key: 'common.nav.home' } in arrays such as NAV_LINKS, <Trans i18nKey="...">. A key
 * literal whose catalog does not exist at all is reported too when it stands where keys go (zod
 * schemas in src/shared, arguments of t() and the server's error helpers, `key`/`...Key` properties).
 *
 * Keys built at run time from a template literal, t(`contact.categories.${value}`), must start with
 * a prefix of DYNAMIC_KEY_FAMILIES: add it there (with the list of its values when one exists). A
 * catalog key counts as used when it has the shape of such a template (`badges.${id}.name` uses
 * badges.x.name, not badges.x.description). Compose keys from literals instead (pass
 * 'help.faq.x.question' around) wherever you can.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseSync } from 'vite'
import { describe, expect, it } from 'vitest'
import { DONOR_BADGES, VOLUNTEER_BADGES } from '../badges'
import { DIETARY_TAGS, DIETS } from '../dietary'
import { DISTRICT_NAMES } from '../districts'
import { FOOD_STORAGE } from '../food-safety'
import { QUICK_REPLIES } from '../messages'
import {
  ALLERGENS,
  AUDIT_ACTIONS,
  CONTACT_CATEGORIES,
  CONTACT_METHODS,
  DONOR_TYPES,
  FOOD_CATEGORIES,
  LANGUAGES,
  LISTING_TYPES,
  PAYMENT_METHODS,
  REPORT_REASONS,
  REPORT_STATUSES,
  REPORT_TARGET_TYPES,
  ROLES,
  SAFETY_CHECKS,
  STORY_CATEGORIES,
} from '../reference-data'
import { STOP_KINDS } from '../run-order'
import { VEHICLES } from '../run-schedule'
import { outcomeFiguresSchema } from '../schemas/stats'

/**
 * Families of keys read through a template literal, by the prefix before the first `${`. With a list
 * of values, every value must have its key (or keys, `badges.x.name`) in every language. Keep it
 * short and narrow: one entry per family the code really builds.
 */
const DYNAMIC_KEY_FAMILIES: Record<string, readonly string[] | null> = {
  'allergens.': ALLERGENS,
  'auth.donorTypes.': DONOR_TYPES,
  'auth.roles.': ROLES,
  'badges.': [...Object.values(DONOR_BADGES), ...Object.values(VOLUNTEER_BADGES)].map((badge) => badge.id),
  'categories.': FOOD_CATEGORIES.map((category) => category.slug),
  'community.roles.': ROLES,
  'contact.categories.': CONTACT_CATEGORIES,
  'messages.quick.': QUICK_REPLIES,
  'dashboards.claims.empty.': null,
  'dashboards.claims.failed.': null,
  'dashboards.claims.heading.': null,
  'dashboards.claims.success.': null,
  'dashboards.columns.': null,
  'dashboards.contact.': CONTACT_METHODS,
  'dashboards.payment.': PAYMENT_METHODS,
  'dashboards.recipient.empty.': null,
  'dashboards.recipient.kind.': null,
  'dashboards.recipient.tabs.': null,
  'dashboards.volunteer.done.': null,
  'districts.': DISTRICT_NAMES,
  'donate.roles.': ROLES,
  'donate.safety.': SAFETY_CHECKS,
  'donate.steps.': null,
  'find-food.sort.': null,
  'handover.outcomes.': Object.keys(outcomeFiguresSchema.shape),
  'home.how.': null,
  'home.impact.': null,
  'listings.clock.storageOptions.': FOOD_STORAGE,
  'listings.dietary.filters.': DIETS.filter((diet) => diet.startsWith('no-')),
  'listings.dietary.tags.': DIETARY_TAGS,
  'listings.type.': LISTING_TYPES,
  'moderating.actions.': null,
  'moderating.audit.actions.': AUDIT_ACTIONS,
  'moderation.reasons.': REPORT_REASONS,
  'moderation.report.title.': REPORT_TARGET_TYPES,
  'moderating.reports.empty.': REPORT_STATUSES,
  'moderating.reports.status.': REPORT_STATUSES,
  'moderation.targets.': REPORT_TARGET_TYPES,
  'notifications.': null,
  'orders.contactMethods.': CONTACT_METHODS,
  'orders.errors.': null,
  'orders.paymentMethods.': PAYMENT_METHODS,
  'runs.progress.': STOP_KINDS,
  'runs.run.kind.': STOP_KINDS,
  'runs.run.pin.': STOP_KINDS,
  'runs.vehicle.kinds.': VEHICLES,
  'statuses.': null,
  'stories.categories.': STORY_CATEGORIES,
  'volunteer.page.safety.': null,
  'volunteer.page.steps.': null,
}

/**
 * i18next contexts the code passes (`context: 'eatBy'`): a key built at run time may end in one,
 * e.g. notifications.pickup_reminder.message_eatBy (docs/decisions/0049-cooked-food-clock.md).
 */
const I18N_CONTEXTS = ['eatBy']

/**
 * Spec messages already in the catalogs whose screen is not built yet. The test fails once code uses
 * one (take it off then) or when one leaves the catalogs, so this list only shrinks.
 */
const PENDING_KEYS = new Set<string>([])

/** Texts a Sinhala or Tamil catalog may share with English (names, addresses, codes). */
const SAME_AS_ENGLISH_ALLOWED = new Set<string>([])

const SRC = fileURLToPath(new URL('../..', import.meta.url))
const LOCALES = fileURLToPath(new URL('.', import.meta.url))
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/
const KEY_SHAPE = /^[a-z][a-zA-Z0-9_-]*(\.[a-zA-Z0-9_-]+)+$/
/** Functions whose string arguments are catalog keys. */
const KEY_FUNCTIONS = new Set([
  't',
  'english',
  'badRequest',
  'forbidden',
  'notFound',
  'conflict',
  'unauthorized',
  'errorBody',
  'AppError',
])

type Text = string | string[]
type Catalog = Map<string, Text>

// ---------------------------------------------------------------------------------------------------
// Catalogs

function flatten(value: unknown, prefix: string, out: Catalog, problems: string[], where: string) {
  if (typeof value === 'string') out.set(prefix, value)
  else if (Array.isArray(value)) {
    // A list (read with returnObjects) is one text made of several strings.
    if (!value.every((item) => typeof item === 'string'))
      problems.push(`${where}: ${prefix} must list strings`)
    out.set(prefix, value.map(String))
  } else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key.includes('.')) problems.push(`${where}: key "${key}" contains a dot`)
      flatten(child, prefix ? `${prefix}.${key}` : key, out, problems, where)
    }
  } else problems.push(`${where}: ${prefix} is ${JSON.stringify(value)}, not a text`)
}

function loadCatalogs() {
  const problems: string[] = []
  const catalogs = {} as Record<string, Catalog>
  const namespaces = new Set<string>()
  for (const lang of LANGUAGES) {
    const catalog: Catalog = new Map()
    const dir = join(LOCALES, lang)
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
      const namespace = file.slice(0, -'.json'.length)
      namespaces.add(namespace)
      const where = `${lang}/${file}`
      try {
        flatten(JSON.parse(readFileSync(join(dir, file), 'utf8')), namespace, catalog, problems, where)
      } catch (error) {
        problems.push(`${where}: ${(error as Error).message}`)
      }
    }
    catalogs[lang] = catalog
  }
  return { catalogs, namespaces, problems }
}

const baseKey = (key: string) => key.replace(PLURAL_SUFFIX, '')

/** The {{variables}} of a text, as a comparable string (per item for a list). */
function variables(text: Text): string {
  const list = Array.isArray(text) ? text : [text]
  return list
    .map((item, index) =>
      [...item.matchAll(/\{\{\s*([^,}\s]+)[^}]*\}\}/g)]
        .map((m) => `${Array.isArray(text) ? `[${index}]` : ''}${m[1]}`)
        .sort()
        .join(' '),
    )
    .join(' | ')
}

// ---------------------------------------------------------------------------------------------------
// Code

type AstNode = { type: string; [key: string]: unknown }
type Usage = { key: string; file: string; strict: boolean }

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) {
      if (path === join(SRC, 'shared', 'locales') || path === join(SRC, 'server', 'test')) return []
      return sourceFiles(path)
    }
    return /\.tsx?$/.test(name) && !/\.(test|spec)\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : []
  })
}

function calleeName(node: AstNode): string | undefined {
  const callee = node.callee as AstNode
  if (callee.type === 'Identifier') return callee.name as string
  if (callee.type === 'MemberExpression' && (callee.property as AstNode).type === 'Identifier') {
    return (callee.property as AstNode).name as string
  }
  return undefined
}

/** Whether a string at this place is meant as a catalog key, whatever it says. */
function isKeyPlace(node: AstNode, parent: AstNode | undefined): boolean {
  if (!parent) return false
  if ((parent.type === 'CallExpression' || parent.type === 'NewExpression') && parent.callee !== node) {
    return KEY_FUNCTIONS.has(calleeName(parent) ?? '')
  }
  if (parent.type === 'Property' && parent.value === node) {
    const key = parent.key as AstNode
    const name = (key.name ?? key.value) as string | undefined
    return name === 'key' || /Key$/.test(name ?? '')
  }
  if (parent.type === 'JSXAttribute') return (parent.name as AstNode).name === 'i18nKey'
  return false
}

function scanCode() {
  const literals: Usage[] = []
  const dynamic: { prefix: string; shape: RegExp; file: string }[] = []
  for (const path of sourceFiles(SRC)) {
    const file = relative(SRC, path).split(sep).join('/')
    const inSchemas = file.startsWith('shared/schemas/')
    const result = parseSync(path, readFileSync(path, 'utf8'))
    if (result.errors.length > 0) throw new Error(`${file}: ${result.errors[0]!.message}`)
    const visit = (node: AstNode, parent: AstNode | undefined) => {
      if (node.type === 'ImportDeclaration' || node.type === 'ExportAllDeclaration') return
      if (node.type === 'Literal' && typeof node.value === 'string') {
        literals.push({ key: node.value, file, strict: inSchemas || isKeyPlace(node, parent) })
      }
      if (node.type === 'TemplateLiteral') {
        const quasis = node.quasis as { value: { cooked: string } }[]
        if ((node.expressions as unknown[]).length === 0) {
          literals.push({ key: quasis[0]!.value.cooked, file, strict: inSchemas || isKeyPlace(node, parent) })
        } else {
          // `badges.${id}.name` -> /^badges\.[^.]+\.name$/ (with an optional plural suffix)
          const escaped = quasis.map((q) => q.value.cooked.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
          const contexts = I18N_CONTEXTS.join('|')
          const shape = new RegExp(
            `^${escaped.join('[^.]+')}(_(${contexts}))?(_(zero|one|two|few|many|other))?$`,
          )
          dynamic.push({ prefix: quasis[0]!.value.cooked, shape, file })
        }
      }
      for (const [field, child] of Object.entries(node)) {
        if (field === 'parent') continue
        for (const item of Array.isArray(child) ? child : [child]) {
          if (item && typeof item === 'object' && typeof (item as AstNode).type === 'string') {
            visit(item as AstNode, node)
          }
        }
      }
    }
    visit(result.program as unknown as AstNode, undefined)
  }
  return { literals, dynamic }
}

// ---------------------------------------------------------------------------------------------------

const { catalogs, namespaces, problems: loadProblems } = loadCatalogs()
const english = catalogs.en!
const { literals, dynamic } = scanCode()
const namespaceOf = (key: string) => key.slice(0, key.indexOf('.'))
const usedKeys = literals.filter(
  (use) => KEY_SHAPE.test(use.key) && (namespaces.has(namespaceOf(use.key)) || use.strict),
)
const usedDynamic = dynamic.filter(
  (use) => namespaces.has(use.prefix.split('.')[0]!) && use.prefix.includes('.'),
)
const literalKeys = new Set(usedKeys.map((use) => use.key))
const allowedDynamic = usedDynamic.filter((use) =>
  Object.keys(DYNAMIC_KEY_FAMILIES).some((prefix) => use.prefix.startsWith(prefix)),
)

describe('translation catalogs', () => {
  it('are valid JSON objects of texts', () => {
    expect(loadProblems).toEqual([])
    expect(english.size).toBeGreaterThan(0)
  })

  it('have every key the code uses, in every language', () => {
    const missing = usedKeys.flatMap((use) =>
      LANGUAGES.filter((lang) => {
        const catalog = catalogs[lang]!
        return !catalog.has(use.key) && !catalog.has(`${use.key}_other`)
      }).map((lang) => `${use.file}: ${use.key} is missing in ${lang}`),
    )
    expect([...new Set(missing)]).toEqual([])
  })

  it('read keys built at run time only from the declared families, with a key for every value', () => {
    const problems = [
      ...usedDynamic
        .filter((use) => !Object.keys(DYNAMIC_KEY_FAMILIES).some((prefix) => use.prefix.startsWith(prefix)))
        .map(
          (use) =>
            `${use.file}: \`${use.prefix}\${...}\` builds a key at run time: add the family to DYNAMIC_KEY_FAMILIES`,
        ),
      ...Object.entries(DYNAMIC_KEY_FAMILIES).flatMap(([prefix, values]) => {
        const stale = usedDynamic.some((use) => use.prefix === prefix)
          ? []
          : [`DYNAMIC_KEY_FAMILIES: no code reads \`${prefix}\${...}\`; remove it`]
        const missing = LANGUAGES.flatMap((lang) => {
          const keys = [...catalogs[lang]!.keys()]
          return (values ?? [])
            .filter((v) => !keys.some((key) => key === `${prefix}${v}` || key.startsWith(`${prefix}${v}.`)))
            .map((v) => `${lang}: ${prefix}${v} is missing`)
        })
        const strays = values
          ? [...english.keys()]
              .filter((key) => key.startsWith(prefix) && !literalKeys.has(key))
              .filter((key) => {
                const rest = baseKey(key.slice(prefix.length))
                return !values.some((v) => rest === v || rest.startsWith(`${v}.`))
              })
              .map((key) => `${key} is not one of the values of ${prefix}*`)
          : []
        return [...stale, ...missing, ...strays]
      }),
    ]
    expect(problems).toEqual([])
  })

  it('have no key that no code uses', () => {
    const used = new Set(usedKeys.map((use) => use.key))
    const unused = [...english.keys()].filter((key) => {
      if (used.has(key) || used.has(baseKey(key)) || PENDING_KEYS.has(key)) return false
      return !allowedDynamic.some((use) => use.shape.test(key))
    })
    expect(unused.map((key) => `${key} is not used by the code`)).toEqual([])
  })

  it('list as pending only keys that exist and that no code uses yet', () => {
    const used = new Set(usedKeys.map((use) => use.key))
    const stale = [...PENDING_KEYS].filter((key) => used.has(key) || !english.has(key))
    expect(stale.map((key) => `${key}: take it off PENDING_KEYS`)).toEqual([])
  })

  it('have the same keys, list lengths and plural forms in en, si and ta, and no empty text', () => {
    const problems: string[] = []
    const normalized = (catalog: Catalog) => new Set([...catalog.keys()].map(baseKey))
    const englishKeys = normalized(english)
    for (const lang of LANGUAGES) {
      const catalog = catalogs[lang]!
      const keys = normalized(catalog)
      for (const key of englishKeys) if (!keys.has(key)) problems.push(`${lang}: ${key} is missing`)
      for (const key of keys) if (!englishKeys.has(key)) problems.push(`${lang}: ${key} is not in en`)
      // Each language needs the plural forms its own grammar uses (Intl.PluralRules).
      const forms = new Intl.PluralRules(lang).resolvedOptions().pluralCategories
      for (const base of new Set([...catalog.keys()].filter((k) => PLURAL_SUFFIX.test(k)).map(baseKey))) {
        for (const form of forms) {
          if (!catalog.has(`${base}_${form}`)) problems.push(`${lang}: ${base}_${form} is missing`)
        }
      }
      for (const [key, text] of catalog) {
        const list = Array.isArray(text) ? text : [text]
        if (list.length === 0 || list.some((item) => item.trim() === ''))
          problems.push(`${lang}: ${key} is empty`)
        const other = english.get(key)
        if (Array.isArray(text) && Array.isArray(other) && text.length !== other.length) {
          problems.push(`${lang}: ${key} lists ${text.length} texts, en ${other.length}`)
        }
      }
    }
    expect(problems).toEqual([])
  })

  it('give every text with a {{count}} its plural forms, so "1 portions" cannot show', () => {
    const problems: string[] = []
    for (const lang of LANGUAGES) {
      for (const [key, text] of catalogs[lang]!) {
        const counted = [text].flat().some((item) => item.includes('{{count}}'))
        if (counted && !PLURAL_SUFFIX.test(key)) {
          problems.push(`${lang}: ${key} shows {{count}} but has no _one/_other forms`)
        }
      }
    }
    expect(problems).toEqual([])
  })

  it('write the brand in the script of the sentence: ආහාර in Sinhala, ஆஹார in Tamil', () => {
    const problems: string[] = []
    for (const lang of LANGUAGES.filter((l) => l !== 'en')) {
      for (const [key, text] of catalogs[lang]!) {
        if ([text].flat().some((item) => /\bAhara\b/.test(item))) problems.push(`${lang}: ${key}`)
      }
    }
    expect(problems).toEqual([])
  })

  it('use the same {{variables}} in every language', () => {
    const problems: string[] = []
    for (const [key, text] of english) {
      for (const lang of LANGUAGES) {
        const other = catalogs[lang]!.get(key)
        if (other !== undefined && variables(other) !== variables(text)) {
          problems.push(`${lang}: ${key} has {{${variables(other)}}}, en has {{${variables(text)}}}`)
        }
      }
    }
    expect(problems).toEqual([])
  })

  it('are translated: no Sinhala or Tamil text is a copy of an English sentence', () => {
    const problems: string[] = []
    for (const lang of LANGUAGES.filter((l) => l !== 'en')) {
      for (const [key, text] of catalogs[lang]!) {
        const list = Array.isArray(text) ? text : [text]
        const englishList = [english.get(key) ?? []].flat()
        list.forEach((item, index) => {
          if (
            item === englishList[index] &&
            /[A-Za-z]{3,}/.test(item.replace(/\{\{[^}]*\}\}/g, '')) &&
            !SAME_AS_ENGLISH_ALLOWED.has(item)
          ) {
            problems.push(`${lang}: ${key} is still English: ${JSON.stringify(item)}`)
          }
        })
      }
    }
    expect(problems).toEqual([])
  })
})
