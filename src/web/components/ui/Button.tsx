import type { ComponentProps } from 'react'

// Apart from the form fields (form.tsx re-exports it): the layout's own buttons need no field on a
// first visit (docs/decisions/0065-light-on-the-cheapest-phone.md).

const BUTTON_VARIANTS = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800 disabled:bg-brand-700/50',
  secondary: 'border border-gray-300 bg-white text-gray-800 hover:bg-gray-50 disabled:text-gray-400',
  danger: 'bg-red-600 text-white hover:bg-red-700 disabled:bg-red-600/50',
  ghost: 'text-gray-700 hover:bg-gray-100',
} as const

/** The classes of Button, for links and labels that must look like one. */
export function buttonClass(variant: keyof typeof BUTTON_VARIANTS = 'primary'): string {
  return `inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-md px-4 py-2 text-center text-sm font-semibold disabled:cursor-not-allowed ${BUTTON_VARIANTS[variant]}`
}

type ButtonProps = ComponentProps<'button'> & { variant?: keyof typeof BUTTON_VARIANTS }

export function Button({ variant = 'primary', className = '', type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={`${buttonClass(variant)} ${className}`} {...props} />
}
