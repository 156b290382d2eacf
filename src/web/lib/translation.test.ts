import i18nextFactory from 'i18next'
import { beforeAll, describe, expect, it, vi } from 'vitest'

const instance = i18nextFactory.createInstance()
vi.mock('./i18n', () => ({ i18next: instance, currentLanguage: () => 'en' }))
const { translationFor } = await import('./translation')

beforeAll(async () => {
  await instance.init({
    lng: 'en',
    fallbackLng: false,
    resources: {
      en: {
        translation: {
          common: {
            save: 'Save',
            servings: '{{count}} serving',
            servings_other: '{{count}} servings',
            welcome: 'Welcome, {{name}}',
            nested: 'Press $t(common.save)',
          },
        },
      },
      si: { translation: { common: { save: 'සුරකින්න' } } },
    },
    interpolation: { escapeValue: false },
  })
})

describe('translationFor', () => {
  it('gives the same t for a language every time, in that language', () => {
    expect(translationFor('en')).toBe(translationFor('en'))
    expect(translationFor('en')('common.save')).toBe('Save')
    expect(translationFor('si')('common.save')).toBe('සුරකින්න')
  })

  it('passes options through: plurals and interpolation', () => {
    const t = translationFor('en')
    expect(t('common.servings', { count: 1 })).toBe('1 serving')
    expect(t('common.servings', { count: 3 })).toBe('3 servings')
  })

  it('answers a plain key as i18next does, placeholders, nesting and unknown keys included', () => {
    const t = translationFor('en')
    const reference = instance.getFixedT('en')
    for (const key of ['common.save', 'common.welcome', 'common.nested', 'common', 'common.unknown']) {
      expect(t(key)).toBe(String(reference(key)))
    }
    expect(t('common.nested')).toBe('Press Save')
  })

  it('answers a key again once a catalog with it arrives', () => {
    const t = translationFor('en')
    expect(t('impact.title')).toBe('impact.title')
    instance.addResourceBundle('en', 'translation', { impact: { title: 'Our impact' } }, false, true)
    expect(t('impact.title')).toBe('Our impact')
  })
})
