import Foundation

/// One row of a bank or card export, read and signed the same way whatever the layout.
package struct Transaction: Hashable, Sendable {
    package var date: CalendarDate
    /// Ten-thousandths of the currency unit (`15.49` → 154900). Positive is money out (a
    /// charge), negative money in (income, refund, transfer in).
    package var amount: Int64
    package var currency: Currency?
    /// Counterparty column (payee, merchant, Auftraggeber/Empfänger, 交易对方), may be empty.
    package var payee: String
    /// Description / Libellé / Omschrijving / 商品名称, may be empty.
    package var text: String
    /// Payment reference (Verwendungszweck, Mededelingen, memo), may be empty.
    package var reference: String
    /// Transaction type (Buchungstext, Type, 类型), may be empty.
    package var type: String
    /// Booking status (pending, Vorgemerkt, 交易关闭), may be empty.
    package var status: String
    /// The account or card the row belongs to in multi-account files, may be empty.
    package var account: String
    package var row: Int
    package var line: Int

    package init(date: CalendarDate, amount: Int64, currency: Currency? = nil, payee: String = "", text: String = "",
                reference: String = "", type: String = "", status: String = "", account: String = "",
                row: Int, line: Int) {
        self.date = date
        self.amount = amount
        self.currency = currency
        self.payee = payee
        self.text = text
        self.reference = reference
        self.type = type
        self.status = status
        self.account = account
        self.row = row
        self.line = line
    }

    /// The text that names the merchant: the counterparty, else the description.
    package var descriptor: String { payee.isEmpty ? text : payee }

    /// The amount as a decimal (`154900` → `15.49`), sign kept.
    package var decimalAmount: Decimal { Decimal(amount) / Decimal(FastAmount.scale) }
}
