enum StoreKitTestDoublePlaceholder {}
