print("purchase-conformance")
