/** A connection URL fit for an error or a log line: its password, if any, shows as ***. */
export function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url)
    if (parsed.password) parsed.password = '***'
    return parsed.toString()
  } catch {
    return 'invalid URL'
  }
}
