"""Creates a test charge with the Payments API (sandbox)."""
import json
import os
import urllib.request

request = urllib.request.Request(
    "https://api.sandbox.example.com/v2/charges",
    data=json.dumps({"amount": 1000, "currency": "EUR", "source": "tok_test_card"}).encode(),
    headers={"Authorization": f"Bearer {os.environ['PAYMENTS_API_KEY']}", "Content-Type": "application/json"},
    method="POST",
)
print(urllib.request.urlopen(request).read().decode())
