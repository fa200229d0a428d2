"""One-card-per-page PDFs for print shops, written with pikepdf: boxes, marks, output intent, PDF/X.

Every page is one face at trim + bleed (MediaBox = BleedBox, TrimBox inset
by the bleed), or, with crop marks, that plus a margin holding the marks
(outside the bleed, never over the card).  Each distinct image is stored
once (a deck's back on every other page costs one image).  Images are
DeviceRGB or DeviceCMYK, 8 bits, Flate, never with a soft mask.

PDF/X (ISO 15930), as the presets ask for it:

``X-1a``  PDF/X-1a:2001 — PDF 1.3, CMYK only, no transparency, Info keys
          ``GTS_PDFXVersion`` (PDF/X-1:2001) and ``GTS_PDFXConformance``
          (PDF/X-1a:2001), ``Trapped`` False, an output intent;
``X-4``   PDF/X-4 — PDF 1.6, an XMP metadata stream with
          ``pdfxid:GTS_PDFXVersion`` PDF/X-4, document and version ids,
          the same dates and title as the Info dictionary, an output intent
          with its ICC profile.

The output intent (``/S /GTS_PDFX``) names the output condition (FOGRA39)
and embeds the preset's ICC profile as ``DestOutputProfile``.  Dates are
fixed (``SOURCE_DATE_EPOCH`` if set, else 2000-01-01, as the build's PDFs)
and ids derive from the content, so the same input gives the same bytes.
"""

from __future__ import annotations

import hashlib
import io
import os
import uuid
import zlib
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import TypedDict
from xml.sax.saxutils import escape

import pikepdf
from pikepdf import Array, Dictionary, Name, Stream, String

from deckgen import __version__
from deckgen.layout.papers import MM_TO_PT

PT_PER_MM = MM_TO_PT
#: Crop marks: how far outside the bleed they start, and their length (mm); the page grows by both.
MARK_OFFSET_MM = 1.0
MARK_LENGTH_MM = 5.0
MARK_WIDTH_PT = 0.25

class _PdfxSpec(TypedDict):
    version: str  # the PDF version the standard asks for
    info: dict[str, str]  # keys of the document information dictionary
    xmp: str | None  # the pdfxid:GTS_PDFXVersion of the XMP metadata, if the standard wants XMP


PDFX: dict[str, _PdfxSpec] = {
    "X-1a": {"version": "1.3", "info": {"GTS_PDFXVersion": "PDF/X-1:2001", "GTS_PDFXConformance": "PDF/X-1a:2001"},
             "xmp": None},
    "X-4": {"version": "1.6", "info": {"GTS_PDFXVersion": "PDF/X-4"}, "xmp": "PDF/X-4"},
}


@dataclass(frozen=True)
class PageImage:
    """A face ready for a PDF: Flate-compressed rows of ``channels`` bytes per pixel."""

    key: str  # the same key: the same image (stored once)
    width: int
    height: int
    channels: int  # 3 RGB, 4 CMYK
    flate: bytes


@dataclass(frozen=True)
class Intent:
    """An output intent: the condition's identifier and description, its registry, the ICC profile."""

    identifier: str
    condition: str
    registry: str
    icc: bytes
    info: str


@dataclass(frozen=True)
class PageSize:
    """Trim and bleed of the pages (mm)."""

    width: float
    height: float
    bleed: float


def fixed_date() -> datetime:
    """The date written into PDFs: ``SOURCE_DATE_EPOCH`` or 2000-01-01 (so output is reproducible)."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    if epoch and epoch.isdigit():
        return datetime.fromtimestamp(int(epoch), tz=timezone.utc)
    return datetime(2000, 1, 1, tzinfo=timezone.utc)


def write_pdf(pages: list[PageImage], size: PageSize, title: str, marks: str = "none", pdfx: str | None = None,
              intent: Intent | None = None) -> bytes:
    """The PDF bytes: one page per image, in order."""
    if pdfx and intent is None:
        raise ValueError("PDF/X needs an output intent")
    pdf = pikepdf.new()
    margin = (MARK_OFFSET_MM + MARK_LENGTH_MM) if marks == "crop" else 0.0
    full_w, full_h = size.width + 2 * size.bleed, size.height + 2 * size.bleed
    page_w, page_h = (full_w + 2 * margin) * PT_PER_MM, (full_h + 2 * margin) * PT_PER_MM
    m, b = margin * PT_PER_MM, size.bleed * PT_PER_MM
    bleed_box = [_r(m), _r(m), _r(page_w - m), _r(page_h - m)]
    trim_box = [_r(m + b), _r(m + b), _r(page_w - m - b), _r(page_h - m - b)]
    cmyk = any(p.channels == 4 for p in pages)
    mark_ops = _crop_marks(page_w, page_h, m, b, cmyk) if marks == "crop" else b""
    images: dict[str, pikepdf.Object] = {}
    for page in pages:
        image = images.get(page.key)
        if image is None:
            image = pdf.make_indirect(Stream(pdf, page.flate, Dictionary(
                Type=Name.XObject, Subtype=Name.Image, Width=page.width, Height=page.height,
                ColorSpace=Name.DeviceCMYK if page.channels == 4 else Name.DeviceRGB, BitsPerComponent=8,
                Filter=Name.FlateDecode)))
            images[page.key] = image
        draw = (f"q {_r(full_w * PT_PER_MM)} 0 0 {_r(full_h * PT_PER_MM)} {_r(m)} {_r(m)} cm /Im0 Do Q\n"
                .encode("ascii"))
        content = pdf.make_indirect(Stream(pdf, zlib.compress(draw + mark_ops, 6), Dictionary(
            Filter=Name.FlateDecode)))
        pdf.pages.append(pikepdf.Page(Dictionary(
            Type=Name.Page, MediaBox=[0, 0, _r(page_w), _r(page_h)], BleedBox=bleed_box, TrimBox=trim_box,
            Resources=Dictionary(XObject=Dictionary(Im0=image)), Contents=content)))
    digest = hashlib.sha256("\0".join([title, marks, pdfx or "", str(size)] + [p.key for p in pages]).encode())
    version = mark_pdfx(pdf, title, pdfx, intent, digest.digest(), cmyk)
    buffer = io.BytesIO()
    pdf.save(buffer, force_version=version, deterministic_id=True, compress_streams=False,
             object_stream_mode=pikepdf.ObjectStreamMode.disable, stream_decode_level=pikepdf.StreamDecodeLevel.none,
             fix_metadata_version=False)
    return buffer.getvalue()


def mark_pdfx(pdf: pikepdf.Pdf, title: str, pdfx: str | None, intent: Intent | None, digest: bytes,
              cmyk: bool = True) -> str:
    """Give ``pdf`` its document information (title, fixed dates), its output intent and the keys of ``pdfx``
    (with XMP metadata where the standard wants it; its ids from ``digest``, a hash of the content); returns the PDF version the
    file must be saved as."""
    if pdfx and intent is None:
        raise ValueError("PDF/X needs an output intent")
    document_id = str(uuid.UUID(bytes=digest[:16], version=4))
    when = fixed_date()
    info = Dictionary(Title=String(title), Creator=String(f"deckgen {__version__}"),
                      Producer=String(f"deckgen {__version__} (pikepdf {pikepdf.__version__})"),
                      CreationDate=String(_pdf_date(when)), ModDate=String(_pdf_date(when)))
    version = "1.4"
    if intent is not None:
        profile = pdf.make_indirect(Stream(pdf, zlib.compress(intent.icc, 6), Dictionary(
            N=4 if cmyk or intent.icc[16:20] == b"CMYK" else 3, Filter=Name.FlateDecode)))
        pdf.Root.OutputIntents = Array([Dictionary(
            Type=Name.OutputIntent, S=Name.GTS_PDFX, OutputConditionIdentifier=String(intent.identifier),
            OutputCondition=String(intent.condition), RegistryName=String(intent.registry),
            Info=String(intent.info), DestOutputProfile=profile)])
    if pdfx:
        spec = PDFX[pdfx]
        version = spec["version"]
        for key, value in spec["info"].items():
            info[Name("/" + key)] = String(value)
        info.Trapped = Name("/False")
        if spec["xmp"]:
            xmp = _xmp(title, when, spec["xmp"], document_id).encode("utf-8")
            pdf.Root.Metadata = pdf.make_indirect(Stream(pdf, xmp, Dictionary(Type=Name.Metadata,
                                                                               Subtype=Name.XML)))
    pdf.trailer.Info = pdf.make_indirect(info)
    return version


def _r(value: float) -> float:
    return round(value, 4)


def _pdf_date(when: datetime) -> str:
    return when.strftime("D:%Y%m%d%H%M%SZ")  # UTC


def _crop_marks(page_w: float, page_h: float, margin: float, bleed: float, cmyk: bool) -> bytes:
    """Crop marks (points) on the trim lines, in the margin outside the bleed, 100 % black."""
    off = MARK_OFFSET_MM * PT_PER_MM  # the marks run from the page edge to `off` outside the bleed
    colour = "0 0 0 1 K" if cmyk else "0 G"
    lines = []
    x0, x1 = margin + bleed, page_w - margin - bleed  # trim lines
    y0, y1 = margin + bleed, page_h - margin - bleed
    outer_low, outer_high = margin - off, page_w - margin + off  # marks end `off` outside the bleed box
    for x in (x0, x1):
        lines.append((x, 0.0, x, margin - off))
        lines.append((x, page_h - margin + off, x, page_h))
    for y in (y0, y1):
        lines.append((0.0, y, outer_low, y))
        lines.append((outer_high, y, page_w, y))
    ops = [f"q {colour} {MARK_WIDTH_PT} w"]
    ops += [f"{_r(a)} {_r(b)} m {_r(c)} {_r(d)} l S" for a, b, c, d in lines]
    ops.append("Q\n")
    return "\n".join(ops).encode("ascii")


def _xmp(title: str, when: datetime, version: str, document_id: str) -> str:
    stamp = when.strftime("%Y-%m-%dT%H:%M:%SZ")
    return f"""<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about=""
    xmlns:dc="http://purl.org/dc/elements/1.1/"
    xmlns:xmp="http://ns.adobe.com/xap/1.0/"
    xmlns:pdf="http://ns.adobe.com/pdf/1.3/"
    xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"
    xmlns:pdfxid="http://www.npes.org/pdfx/ns/id/"
    xmlns:pdfx="http://ns.adobe.com/pdfx/1.3/">
   <dc:format>application/pdf</dc:format>
   <dc:title><rdf:Alt><rdf:li xml:lang="x-default">{escape(title)}</rdf:li></rdf:Alt></dc:title>
   <xmp:CreateDate>{stamp}</xmp:CreateDate>
   <xmp:ModifyDate>{stamp}</xmp:ModifyDate>
   <xmp:MetadataDate>{stamp}</xmp:MetadataDate>
   <xmp:CreatorTool>deckgen {escape(__version__)}</xmp:CreatorTool>
   <pdf:Producer>deckgen {escape(__version__)} (pikepdf {escape(pikepdf.__version__)})</pdf:Producer>
   <pdf:Trapped>False</pdf:Trapped>
   <xmpMM:DocumentID>uuid:{document_id}</xmpMM:DocumentID>
   <xmpMM:InstanceID>uuid:{document_id}</xmpMM:InstanceID>
   <xmpMM:VersionID>1</xmpMM:VersionID>
   <xmpMM:RenditionClass>default</xmpMM:RenditionClass>
   <pdfxid:GTS_PDFXVersion>{version}</pdfxid:GTS_PDFXVersion>
   <pdfx:GTS_PDFXVersion>{version}</pdfx:GTS_PDFXVersion>
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>"""
