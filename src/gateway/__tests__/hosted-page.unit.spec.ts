import { parseHostedPage, parseAllParams, scriptFields } from "../hosted-page"
import { decodeJsString } from "../js-literals"
import { GatewayBadResponseError } from "../errors"
import { fixture } from "./helpers/fake-gateway"

describe("parseHostedPage", () => {
  it("style 1: static inputs, helper calls with string literals, allParams filling the gaps", () => {
    const page = parseHostedPage(fixture("checkout-page-helper.html"), "https://gw.test")
    const { form } = page
    expect(form.action).toBe("https://gw.test/v1/checkout")
    expect(form.method).toBe("POST")
    expect(Object.keys(form.static_fields)).toHaveLength(16)
    expect(form.static_fields.account_name).toBe('Demo & Co "EU"')
    expect(form.static_fields).not.toHaveProperty("Continue")
    expect(form.script_fields.merNo).toBe("1234567")
    expect(form.script_fields.goodsInfo).toBe("Mug 'Classic'#,#SKU1#,#10.00#,#1")
    expect(form.script_fields.remark).toBe("Line1\nLine2 café A\u{1F600}")
    expect(form.script_fields.returnUrl).toBe("https://gw.test/v1/return/abc")
    // comments, strings that mention a call, and DOM calls are not fields
    for (const k of ["commented", "blockComment", "inString", "type"]) expect(form.fields).not.toHaveProperty(k)
    // script wins over static
    expect(form.static_fields.website).toBe("https://shop.example")
    expect(form.fields.website).toBe("https://override.example")
    // allParams-only fields fill in, URL-decoded; others keep their script value
    expect(form.all_params.notifyUrl).toBe("https://shop.example/notify?a=1&b=2")
    expect(form.fields.shipCountry).toBe("DE")
    expect(form.fields.notifyUrl).toBe("https://shop.example/notify?a=1&b=2")
    expect(form.fields.gbc_id).toBe("GBC001")
    expect(page.sign_info).toBe("SIGN_PLACEHOLDER")
  })

  it("style 2: a JSON object literal (and a JS-style literal) assigned to a variable", () => {
    const { form, sign_info } = parseHostedPage(fixture("checkout-page-json.html"), "https://gw.test")
    expect(form.action).toBe("https://pay.gw.test/v1/checkout")
    expect(form.script_fields).toMatchObject({
      merNo: "1234567",
      gatewayNo: "123456702",
      orderAmount: "20.00",
      checkoutTime: "1700000000",
      isOpen3D: "true",
      shipCity: "Berlin",
      shipZip: "10115",
      count: "2",
    })
    expect(form.script_fields).not.toHaveProperty("nested")
    expect(form.static_fields.merNo).toBe("STATIC")
    expect(form.fields.merNo).toBe("1234567")
    expect(sign_info).toBe("SIGN_PLACEHOLDER")
  })

  it("style 3: a static allParams input, encoded and raw values, relative action under a base path", () => {
    const { form } = parseHostedPage(fixture("checkout-page-allparams.html"), "https://gw.test/pay")
    expect(form.action).toBe("https://gw.test/pay/v1/checkout")
    expect(form.script_fields).toEqual({})
    expect(form.all_params).toMatchObject({
      firstName: "Jürgen",
      goodsInfo: "Mug #,#SKU1#,#10.00#,#1",
      phone: "+4930123", // raw: no %XX, so + is kept
      cancelUrl: "https://shop.example/c?step=1&x",
    })
    expect(form.fields.orderNo).toBe("ORD10003") // static wins over allParams
    expect(form.fields.gatewayNo).toBe("123456703")
    expect(form.fields.signInfo).toBe("SIGN_PLACEHOLDER")
  })

  it("refuses a page without a form", () => {
    const run = () => parseHostedPage("<html><body><p>Service unavailable</p></body></html>", "https://gw.test")
    expect(run).toThrow(GatewayBadResponseError)
    expect(run).toThrow(/no <form>/)
  })

  it("reads both quote styles and escapes without eval", () => {
    expect(scriptFields(`add('a\\'b', "c\\"d"); x.setAttribute("name", "v"); add("u", "\\u0041\\x42\\\\")`)).toEqual({
      "a'b": 'c"d',
      u: "AB\\",
    })
    expect(scriptFields(`add("p", "alert(1)"); window.injected = 1`)).toEqual({ p: "alert(1)" })
    expect((globalThis as Record<string, unknown>).injected).toBeUndefined()
    expect(decodeJsString("a\\\nb\\t")).toBe("ab\t")
  })

  it("an allParams field named like an Object.prototype member is kept, and nothing reaches the prototype", () => {
    const html = `<form action="/v1/checkout" method="post"><input type="hidden" name="allParams" value="orderNo=O1&toString=ts&constructor=c&hasOwnProperty=h"></form>`
    const { form } = parseHostedPage(html, "https://gw.test")
    expect(form.fields).toMatchObject({ orderNo: "O1", toString: "ts", constructor: "c", hasOwnProperty: "h" })
    expect(Object.prototype.toString.call({})).toBe("[object Object]")
  })

  it("splits allParams on & only between pairs", () => {
    expect(parseAllParams("a=1&b=x%3Dy&c=&d==e")).toEqual({ a: "1", b: "x=y", c: "", d: "=e" })
  })
})

describe("parseHostedPage: the form action a storefront will post to", () => {
  const page = (action: string) =>
    `<html><body><form action="${action}" method="post"><input type="hidden" name="merNo" value="1"></form></body></html>`
  const refusal = (action: string, base = "https://gw.test", origins: string[] = []) => {
    try {
      parseHostedPage(page(action), base, origins)
    } catch (e) {
      expect(e).toBeInstanceOf(GatewayBadResponseError)
      expect((e as GatewayBadResponseError).source).toBe("form.action")
      return (e as Error).message
    }
    return null
  }

  it("keeps the gateway's host, its subdomains, and relative actions", () => {
    expect(parseHostedPage(page("/v1/pay"), "https://gw.test/api").form.action).toBe("https://gw.test/v1/pay")
    expect(parseHostedPage(page("https://pay.gw.test/x"), "https://gw.test").form.action).toBe("https://pay.gw.test/x")
    expect(parseHostedPage(page("http://127.0.0.1:8787/v1/checkout"), "http://127.0.0.1:8787").form.action).toBe(
      "http://127.0.0.1:8787/v1/checkout",
    )
  })

  it("refuses a script URL, another host, a look-alike host and a downgrade to http", () => {
    expect(refusal("javascript:alert(1)")).toMatch(/is not an https URL/)
    expect(refusal("data:text/html,<b>x</b>")).toMatch(/is not an https URL/)
    expect(refusal("https://evil.example/collect")).toMatch(
      /not on the gateway's host gw.test; .*add https:\/\/evil.example to hosted_page_origins/,
    )
    expect(refusal("https://gw.test.evil.example/")).toMatch(/not on the gateway's host/)
    expect(refusal("https://evilgw.test/")).toMatch(/not on the gateway's host/)
    expect(refusal("http://gw.test/v1/checkout")).toMatch(/is not an https URL/)
  })

  it("accepts another origin only when the merchant lists it", () => {
    expect(refusal("https://pay.partner.example/v1", "https://gw.test", ["https://pay.partner.example"])).toBeNull()
    expect(refusal("https://pay.partner.example/v1", "https://gw.test", ["https://other.example"])).toMatch(
      /hosted_page_origins/,
    )
  })
})
