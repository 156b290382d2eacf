/** A card's heading and text as their author wrote them: both are marked data-user-content. */
export function AuthoredText({
  title,
  text,
  titleClassName = 'text-lg font-semibold text-gray-900',
  textClassName,
}: {
  title: string
  text: string
  titleClassName?: string
  textClassName: string
}) {
  return (
    <>
      <h3 className={titleClassName} data-user-content>
        {title}
      </h3>
      <p className={textClassName} data-user-content>
        {text}
      </p>
    </>
  )
}
