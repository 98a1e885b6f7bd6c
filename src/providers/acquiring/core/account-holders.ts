import type {
  CreateAccountHolderInput,
  CreateAccountHolderOutput,
  DeleteAccountHolderInput,
  DeleteAccountHolderOutput,
  DeletePaymentMethodInput,
  DeletePaymentMethodOutput,
  ListPaymentMethodsInput,
  ListPaymentMethodsOutput,
  Logger,
  PaymentProviderContext,
  RetrieveAccountHolderInput,
  RetrieveAccountHolderOutput,
  SavePaymentMethodInput,
  SavePaymentMethodOutput,
  UpdateAccountHolderInput,
  UpdateAccountHolderOutput,
} from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import { isGatewayError } from "../../../gateway/errors"
import type { OrderRecord } from "../../../gateway/schemas/transactions"
import { withHolderLock } from "../../../lib/acquiring/holder-lock"
import type { AcquiringData, Variant } from "../../../lib/acquiring/payment-data"
import type { Locking } from "../../../lib/acquiring/queries/locks"
import {
  addCard,
  cardFromRecord,
  cardsOf,
  NewCard,
  openToken,
  publicCard,
  sessionSavedCard,
  type SavedCard,
  type SavedCardsOptions,
  type SessionSavedCard,
} from "../../../lib/acquiring/saved-cards"
import type { CartSnapshot } from "../../../lib/acquiring/snapshot/schema"
import type { HolderRow, PaymentModuleReads } from "./payment-module-reads"

/** The holder rows and their lock, from the payment module. */
type HolderStore = Pick<PaymentModuleReads, "holder" | "writeHolderData" | "holderLocking">

/** Medusa passes the whole account holder (with its id) although the type names only `data`. */
const holderIdOf = (context: PaymentProviderContext | undefined): string | undefined => {
  const id = (context?.account_holder as { id?: unknown } | undefined)?.id
  return typeof id === "string" && id ? id : undefined
}

export interface CheckoutTokens {
  token_flag?: "YES" | "NO"
  token_id?: string
  session?: SessionSavedCard
}

/**
 * Account holders and saved cards for a gateway without a customer object: the holder id is
 * Medusa's customer id, and the cards live in Medusa's `account_holder` row, the only store
 * (the gateway has no token deletion, so "delete" means forgetting the token).
 */
export class AccountHolders {
  constructor(
    private readonly store: HolderStore,
    private readonly logger: Logger | Console,
    /** Read per call: an admin may turn saved cards on or off while the server runs. */
    private readonly options: SavedCardsOptions | (() => SavedCardsOptions),
    private readonly sealKey: Buffer,
    /** Cluster-wide lock of a holder's cards; undefined: the in-process gate alone. */
    private readonly locking: () => Promise<Locking | undefined> = async () => store.holderLocking(),
  ) {}

  private opts(): SavedCardsOptions {
    return typeof this.options === "function" ? this.options() : this.options
  }

  /** Read-modify-write of one holder's cards, serialised per holder. */
  private async locked<T>(holderId: string, job: () => Promise<T>): Promise<T> {
    return withHolderLock(await this.locking().catch(() => undefined), holderId, job)
  }

  private async cardsOfHolder(holderId: string): Promise<{ row: HolderRow; cards: SavedCard[] } | null> {
    const row = await this.store.holder(holderId)
    return row ? { row, cards: cardsOf(row.data) } : null
  }

  private async writeCards(row: HolderRow, cards: SavedCard[]): Promise<void> {
    await this.store.writeHolderData(row.id, { ...(row.data ?? {}), cards })
  }

  /** Medusa asks before each logged-in session; nothing exists at the gateway, so the id is the customer's. */
  async create({ context }: CreateAccountHolderInput): Promise<CreateAccountHolderOutput> {
    const known = context.account_holder?.data?.shopper_id
    if (typeof known === "string" && known) return { id: known, data: context.account_holder!.data }
    if (!context.customer?.id)
      throw new MedusaError(MedusaError.Types.INVALID_DATA, "createAccountHolder needs the customer")
    return { id: context.customer.id, data: { shopper_id: context.customer.id } }
  }

  /** Without data nothing is returned, so Medusa keeps the row's data (a metadata update never drops cards). */
  async update({ context }: UpdateAccountHolderInput): Promise<UpdateAccountHolderOutput> {
    const data = context.account_holder?.data
    return data ? { data: { ...data, cards: cardsOf(data) } } : {}
  }

  /** Medusa deletes the row first; with it go the tokens (nothing to call at the gateway). */
  async delete({ context }: DeleteAccountHolderInput): Promise<DeleteAccountHolderOutput> {
    const count = cardsOf(context.account_holder?.data).length
    this.logger.info(
      `acquiring: account holder ${context.account_holder?.id ?? "?"} deleted; ${count} saved card token(s) forgotten`,
    )
    return {}
  }

  async retrieve({ id, context }: RetrieveAccountHolderInput): Promise<RetrieveAccountHolderOutput> {
    return { id, data: context?.account_holder?.data ?? {} }
  }

  /** The holder's saved cards as Medusa's payment methods: our id and the public description. */
  async listMethods({ context }: ListPaymentMethodsInput): Promise<ListPaymentMethodsOutput> {
    return cardsOf(context?.account_holder?.data).map((c) => ({ id: c.id, data: publicCard(c) }))
  }

  /** Save a tokenised card on the holder in `context.account_holder` (once: same token or card → same entry). */
  async save({ data, context }: SavePaymentMethodInput): Promise<SavePaymentMethodOutput> {
    const holderId = holderIdOf(context)
    if (!holderId) throw new MedusaError(MedusaError.Types.INVALID_DATA, "savePaymentMethod needs the account holder")
    const card = NewCard.safeParse(data)
    if (!card.success)
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        "savePaymentMethod needs token_id, brand, last4, exp_month and exp_year",
      )
    const next = await this.locked(holderId, async () => {
      const holder = await this.cardsOfHolder(holderId)
      if (!holder) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Account holder ${holderId} was not found`)
      const added = addCard(holder.cards, card.data, new Date(), this.sealKey)
      if (added.changed) await this.writeCards(holder.row, added.cards)
      return added
    })
    if (next.added) this.logger.info(`acquiring: card ${next.card.id} saved for account holder ${holderId}`)
    return { id: next.card.id, data: publicCard(next.card) }
  }

  async deleteMethod({ data, context }: DeletePaymentMethodInput): Promise<DeletePaymentMethodOutput> {
    const holderId = holderIdOf(context)
    if (!holderId) throw new MedusaError(MedusaError.Types.INVALID_DATA, "deletePaymentMethod needs the account holder")
    await this.forget(holderId, data.id)
    return {}
  }

  private async forget(holderId: string, cardId: string): Promise<boolean> {
    const removed = await this.locked(holderId, async () => {
      const holder = await this.cardsOfHolder(holderId)
      if (!holder?.cards.some((c) => c.id === cardId)) return false
      await this.writeCards(
        holder.row,
        holder.cards.filter((c) => c.id !== cardId),
      )
      return true
    })
    if (!removed) return false
    this.logger.info(`acquiring: saved card ${cardId} removed from account holder ${holderId}`)
    return true
  }

  /**
   * The token fields of a checkout, from the storefront's wishes (inside the sealed snapshot) and
   * Medusa's context (the logged-in customer and their holder: never shopper-written data).
   * A saved card must be one of this customer's, else 403 and nothing is sent.
   */
  async checkoutTokens(
    snapshot: CartSnapshot | null,
    context: PaymentProviderContext | undefined,
    variant: Variant,
  ): Promise<CheckoutTokens> {
    const wanted = snapshot?.payment_method_id
    if (!this.opts().enabled || (!wanted && !snapshot?.save_card)) {
      if (wanted)
        throw new MedusaError(MedusaError.Types.INVALID_DATA, "data.payment_method_id: saved cards are turned off")
      return {}
    }
    if (variant !== "hosted") {
      if (wanted)
        throw new MedusaError(
          MedusaError.Types.INVALID_DATA,
          "data.payment_method_id: a saved card pays through the card provider (pp_acquiring_…), not an alternative payment method",
        )
      return {}
    }
    const customer_id = context?.customer?.id
    const holder_id = holderIdOf(context)
    if (!customer_id || !holder_id) {
      if (wanted)
        throw new MedusaError(
          MedusaError.Types.FORBIDDEN,
          "data.payment_method_id: saved cards need a logged-in customer",
        )
      return {} // a guest's save_card is ignored: there is no one to save the card for
    }
    if (!wanted) return { token_flag: "YES", session: { customer_id, holder_id, save: true } }
    const card = (await this.cardsOfHolder(holder_id))?.cards.find((c) => c.id === wanted)
    if (!card)
      throw new MedusaError(MedusaError.Types.FORBIDDEN, "data.payment_method_id is not a saved card of this customer")
    const token_id = openToken(this.sealKey, card.token_sealed)
    if (!token_id) {
      // Sealed under a key this server no longer has (sign keys rotated without snapshot_secret).
      await this.forget(holder_id, card.id)
      throw unusableCard()
    }
    return { token_flag: "NO", token_id, session: { customer_id, holder_id, save: false, card_id: card.id } }
  }

  /**
   * The gateway refused the saved card's token (the error names `token_id` as its source): the card
   * is removed from the customer's list and the shopper is told to pay with the card's number.
   */
  async refusedToken(e: unknown, tokens: CheckoutTokens): Promise<MedusaError | null> {
    const card_id = tokens.session?.card_id
    if (!card_id || !isGatewayError(e) || e.source !== "token_id") return null
    await this.forget(tokens.session!.holder_id, card_id).catch(() => false)
    this.logger.warn(`acquiring: the gateway refused saved card ${card_id} (${e.code ?? "no code"}); removed`)
    return unusableCard()
  }

  /**
   * Once the gateway confirms the payment (authorised or captured), the token it issued for a
   * session that asked for one is saved on the customer's holder. Never fails the payment.
   */
  async afterAuthorised(data: AcquiringData, record: OrderRecord | undefined): Promise<void> {
    const session = sessionSavedCard(data)
    if (!session?.save || !record || !this.opts().enabled) return
    const card = cardFromRecord(record as Record<string, unknown>, this.opts())
    if (!card) {
      this.logger.warn(
        `acquiring: order ${data.order_no} asked for a saved card but the gateway's record carries no token under ${this.opts().token_field} (option saved_cards.token_field)`,
      )
      return
    }
    try {
      await this.save({ data: card, context: { account_holder: { id: session.holder_id, data: {} } as never } })
    } catch (e) {
      this.logger.warn(`acquiring: the card of order ${data.order_no} could not be saved: ${(e as Error).message}`)
    }
  }
}

const unusableCard = () =>
  new MedusaError(
    MedusaError.Types.NOT_ALLOWED,
    "The saved card can no longer be used and was removed from your saved cards; pay with the card's number.",
  )
