import type { ReactNode } from "react"

/** The starter's `@modules/common/components/ui` (Medusa UI's Button, Heading, Text) as plain elements. */
type Props = { children?: ReactNode; className?: string; "data-testid"?: string }

export const Heading = ({ level = "h2", ...props }: Props & { level?: "h1" | "h2" | "h3" }) => {
  const Tag = level
  return <Tag {...props} />
}
export const Text = (props: Props) => <p {...props} />
export const Button = (props: Props) => <button type="button" {...props} />
