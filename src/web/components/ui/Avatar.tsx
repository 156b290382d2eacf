/** A photo, else the first letter of the name ('U' without a name). */
export function Avatar({
  name,
  url,
  size = 36,
}: {
  name: string | null | undefined
  url: string | null | undefined
  size?: number
}) {
  const initial = (name?.trim()[0] ?? 'U').toUpperCase()
  const style = { width: size, height: size, fontSize: size * 0.42 }
  if (url) {
    return (
      <img
        src={url}
        alt=""
        width={size}
        height={size}
        style={style}
        className="shrink-0 rounded-full object-cover"
      />
    )
  }
  return (
    <span
      aria-hidden
      style={style}
      className="inline-flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-800"
    >
      {initial}
    </span>
  )
}

/** The name to show for a user: full name, else e-mail, else 'User' (translated by the caller). */
export function displayName(user: { name?: string | null; email?: string | null }, fallback: string): string {
  return user.name?.trim() || user.email?.trim() || fallback
}
