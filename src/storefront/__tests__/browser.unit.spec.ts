import { breakOutOfFrame, mountHostedFrame, postForm, sendShopper } from "../browser"
import { fakeStore, ok } from "./fake-store"

/** Just enough DOM to watch what the kit builds (the unit kind runs in Node). */
class El {
  children: El[] = []
  style: Record<string, string> = {}
  submitted = 0;
  [k: string]: unknown
  constructor(
    readonly tag: string,
    readonly ownerDocument?: FakeDoc,
  ) {}
  appendChild(c: El) {
    this.children.push(c)
    return c
  }
  replaceChildren(...c: El[]) {
    this.children = c
  }
  submit() {
    this.submitted++
  }
}
class FakeDoc {
  body = new El("body", this)
  createElement(tag: string) {
    return new El(tag, this)
  }
}
const asDoc = (d: FakeDoc) => d as unknown as Document
const FORM = { action: "https://gw.test/v1/checkout", method: "POST", fields: { a: "1", b: "<x>" } }

describe("postForm", () => {
  it("builds a real form with hidden inputs and submits it (to a target when given)", () => {
    const doc = new FakeDoc()
    postForm(FORM, { doc: asDoc(doc), target: "frame1" })
    const [form] = doc.body.children
    expect(form).toMatchObject({ tag: "form", method: "POST", action: FORM.action, target: "frame1", submitted: 1 })
    expect(form.children.map((i) => [i.type, i.name, i.value])).toEqual([
      ["hidden", "a", "1"],
      ["hidden", "b", "<x>"],
    ])
  })

  it("refuses a javascript: or relative action, non-string fields, and another origin than expected", () => {
    const doc = new FakeDoc()
    expect(() => postForm({ ...FORM, action: "javascript:alert(1)" }, { doc: asDoc(doc) })).toThrow()
    expect(() => postForm({ ...FORM, action: "/v1/checkout" }, { doc: asDoc(doc) })).toThrow()
    expect(() => postForm({ ...FORM, fields: { a: 1 } }, { doc: asDoc(doc) })).toThrow()
    expect(() => postForm(FORM, { doc: asDoc(doc), origin: "https://other.test" })).toThrow(/not to https:\/\/other/)
    expect(doc.body.children).toEqual([])
  })
})

describe("mountHostedFrame and sendShopper", () => {
  const iframe = { allowed: true, name: "acquiring_hosted_page", min_height: 600 }

  it("puts a named iFrame in the container and posts the form into it", () => {
    const doc = new FakeDoc()
    const container = doc.createElement("div")
    mountHostedFrame(container as unknown as HTMLElement, FORM, iframe)
    expect(container.children[0]).toMatchObject({ tag: "iframe", name: "acquiring_hosted_page" })
    expect(container.children[0].style.minHeight).toBe("600px")
    expect(doc.body.children[0]).toMatchObject({ target: "acquiring_hosted_page", submitted: 1 })
  })

  it("refuses an iFrame the provider does not allow", () => {
    const doc = new FakeDoc()
    expect(() =>
      mountHostedFrame(doc.createElement("div") as unknown as HTMLElement, FORM, { ...iframe, allowed: false }),
    ).toThrow(/iFrame/)
  })

  it("fetches the page when the session came without it, then posts it in the top window", async () => {
    const doc = new FakeDoc()
    const store = fakeStore(ok({ hosted_page: { form: FORM, html: null } }))
    const win = { document: asDoc(doc), location: { assign: jest.fn() } } as unknown as Window
    await sendShopper(
      store.fetch,
      {
        kind: "hosted_page",
        session_id: "payses_1",
        provider_id: "pp_acquiring_acquiring",
        hosted_page_path: "/store/acquiring/payment-sessions/payses_1/hosted-page",
        hosted_page_token: "tok",
        iframe,
      },
      { win },
    )
    expect(store.calls).toHaveLength(1)
    expect(doc.body.children[0]).toMatchObject({ action: FORM.action, submitted: 1 })
  })

  it("sends an APM shopper to the issuer_url", async () => {
    const assign = jest.fn()
    const win = { location: { assign } } as unknown as Window
    await sendShopper(
      fakeStore().fetch,
      { kind: "apm", session_id: "s", provider_id: "pp_acquiring-apm_acquiring", issuer_url: "https://gw.test/apm/1" },
      { win },
    )
    expect(assign).toHaveBeenCalledWith("https://gw.test/apm/1")
  })
})

describe("breakOutOfFrame", () => {
  it("in a frame, reloads the same address in the top window and says so", () => {
    const top = { location: { href: "https://shop.test/checkout" } }
    const win = { top, self: {}, location: { href: "https://shop.test/return/cart_1" } } as unknown as Window
    expect(breakOutOfFrame(win)).toBe(true)
    expect(top.location.href).toBe("https://shop.test/return/cart_1")
  })

  it("in the top window, does nothing", () => {
    const win = { location: { href: "x" } } as unknown as Window & { top: unknown; self: unknown }
    ;(win as { top: unknown }).top = win
    ;(win as { self: unknown }).self = win
    expect(breakOutOfFrame(win)).toBe(false)
  })
})
