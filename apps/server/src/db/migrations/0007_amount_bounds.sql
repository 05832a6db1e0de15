-- Issue 9: the ledger's bounds (packages/contract/src/amounts.ts: MAX_BALANCE_MINOR = MAX_CREDIT_LIMIT_MINOR = 10^14),
-- the last line behind the ledger service's own checks. A credit line never passed 10^13 before (the old schema's
-- maximum), so the check is validated at once.
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_credit_limit_bound_ck" CHECK ("credit_limit" <= 100000000000000);--> statement-breakpoint
-- A balance may not GROW past its bound: a cash account past 10^14, a held account past 2 x 10^14 (everything an agency
-- has plus its whole credit line). A trigger rather than a CHECK so that an account stored past the bound before this
-- migration can still be paid from and repaired by reversals (which lower it), instead of failing every update. The
-- WHEN clause is evaluated without calling the function, so the hot path pays one comparison.
CREATE FUNCTION "ledger_balance_bound"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_accounts_balance_bound', TABLE = 'ledger_accounts',
    MESSAGE = format('ledger_accounts_balance_bound: a %s account balance may not grow past its bound', NEW.kind);
END;
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_accounts_balance_bound" BEFORE UPDATE OF "balance" ON "ledger_accounts" FOR EACH ROW
  WHEN (NEW.balance > OLD.balance AND NEW.balance > CASE WHEN NEW.kind = 'cash' THEN 100000000000000 ELSE 200000000000000 END)
  EXECUTE FUNCTION "ledger_balance_bound"();
