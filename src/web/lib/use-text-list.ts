import { useTranslation } from './translation'

/** A list kept in a catalog as an array of strings (read with returnObjects). */
export function useTextList() {
  const { t } = useTranslation()
  return (key: string): string[] => {
    const value: unknown = t(key, { returnObjects: true })
    return Array.isArray(value) ? value.map(String) : []
  }
}
