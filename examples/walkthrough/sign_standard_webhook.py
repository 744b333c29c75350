"""Print curl header options that sign a file the way a Standard Webhooks sender does.

A reporter for agents built on LiveKit, Pipecat or a home-grown stack: the body is a canonical Call,
signed with HMAC-SHA256 over "{webhook-id}.{webhook-timestamp}.{body}" with the base64-decoded
`whsec_` secret of the integration.

    python sign_standard_webhook.py SECRET MESSAGE_ID FILE
"""

import base64
import hashlib
import hmac
import sys
import time


def main() -> None:
    secret, message_id, path = sys.argv[1:4]
    with open(path, "rb") as file:
        body = file.read()
    timestamp = str(int(time.time()))
    key = base64.b64decode(secret.removeprefix("whsec_"))
    signed = f"{message_id}.{timestamp}.".encode() + body
    signature = base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest()).decode()
    print(f"-H webhook-id:{message_id} -H webhook-timestamp:{timestamp} -H webhook-signature:v1,{signature}")


if __name__ == "__main__":
    main()
