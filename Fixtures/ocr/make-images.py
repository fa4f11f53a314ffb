#!/usr/bin/env python3
"""Writes the OCR test images of this folder (needs Pillow and the DejaVu fonts:
pip install pillow; apt-get install fonts-dejavu-core). Run from this folder.

text-light.png  two lines of small UI text, dark on white (1x desktop size: it gets enlarged)
text-dark.png   the same text, light on a dark background (dark mode: it gets inverted)
blank.png       a plain light grey image with no text
tiny.png        3×2 pixels
card-zh.png     a Chinese subscription card: white name, light blue-grey lines on a blue card
                (needs fonts-noto-cjk)
text.expected   per word of the text images: word x y width height (Pillow's ink box)
"""
from PIL import Image, ImageDraw, ImageFont

FONT = ImageFont.truetype("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", 15)
LINES = [(20, 18, "Netflix Premium 15.99 USD"), (20, 58, "Spotify Family 9.99 monthly")]
SIZE = (320, 96)


def draw(background, ink):
    image = Image.new("RGB", SIZE, background)
    pen = ImageDraw.Draw(image)
    boxes = []
    for x, y, text in LINES:
        cursor = x
        for word in text.split(" "):
            left, top, right, bottom = pen.textbbox((cursor, y), word, font=FONT)
            pen.text((cursor, y), word, font=FONT, fill=ink)
            boxes.append((word, left, top, right - left, bottom - top))
            cursor = round(cursor + pen.textlength(word + " ", font=FONT))
    return image, boxes


light, boxes = draw((255, 255, 255), (20, 20, 20))
light.save("text-light.png")
dark, _ = draw((18, 18, 24), (235, 235, 235))
dark.save("text-dark.png")
Image.new("RGB", (200, 120), (240, 240, 240)).save("blank.png")
Image.new("RGB", (3, 2), (10, 200, 30)).save("tiny.png")
CJK = "/usr/share/fonts/opentype/noto/NotoSansCJK-{}.ttc"
card = Image.new("RGB", (1000, 330), (236, 240, 246))
pen = ImageDraw.Draw(card)
pen.rounded_rectangle((30, 20, 970, 310), 30, fill=(58, 91, 217))
pen.text((70, 50), "百度网盘 超级会员", font=ImageFont.truetype(CJK.format("Bold"), 50), fill=(255, 255, 255))
pen.text((70, 140), "连续包月 · ¥16.99", font=ImageFont.truetype(CJK.format("Regular"), 42), fill=(200, 210, 245))
pen.text((70, 215), "下次扣费 12月7日", font=ImageFont.truetype(CJK.format("Regular"), 42), fill=(200, 210, 245))
card.save("card-zh.png")
with open("text.expected", "w") as out:
    for word, x, y, w, h in boxes:
        out.write(f"{word} {x} {y} {w} {h}\n")
