"""Decision makers that play any seat through the same actions a person sends."""
