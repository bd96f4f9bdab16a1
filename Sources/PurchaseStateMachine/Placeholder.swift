enum PurchaseStateMachinePlaceholder {}
